# The lakegov image: docker build -t lakegov:0.1.0 .
# Build stage: the Maven wrapper on a pinned JDK 17, then Spring Boot's layered jar extracted into layers.
FROM eclipse-temurin:17.0.15_6-jdk-jammy AS build
WORKDIR /src
COPY .mvn/ .mvn/
COPY mvnw pom.xml ./
# dependencies in a layer of their own: a source change does not download them again
RUN ./mvnw --batch-mode --quiet dependency:go-offline
COPY src/main/ src/main/
COPY api/ api/
RUN ./mvnw --batch-mode --quiet package -Dmaven.test.skip=true \
    && java -Djarmode=tools -jar target/lakegov-*.jar extract --layers --launcher --destination target/extracted

# Run stage: a pinned JRE 17, a non-root user, the layers from the least to the most often changed.
FROM eclipse-temurin:17.0.15_6-jre-jammy
RUN groupadd --system --gid 10001 lakegov \
    && useradd --system --uid 10001 --gid lakegov --home-dir /var/lib/lakegov --no-create-home lakegov \
    && mkdir -p /var/lib/lakegov \
    && chown lakegov:lakegov /var/lib/lakegov
WORKDIR /opt/lakegov
COPY --from=build /src/target/extracted/dependencies/ ./
COPY --from=build /src/target/extracted/spring-boot-loader/ ./
COPY --from=build /src/target/extracted/snapshot-dependencies/ ./
COPY --from=build /src/target/extracted/application/ ./
# heap and threads sized from the container's memory and CPU limits; the embedded default (no
# database configured) keeps its data in the one writable directory
ENV TZ=UTC \
    JAVA_TOOL_OPTIONS="-XX:MaxRAMPercentage=75 -XX:InitialRAMPercentage=25 -XX:+ExitOnOutOfMemoryError" \
    LAKEGOV_EMBEDDED_DIRECTORY=/var/lib/lakegov
USER 10001:10001
# the embedded default's store outlives the container
VOLUME ["/var/lib/lakegov"]
EXPOSE 8080
# liveness only: the JVM answers; readiness and ingestion are for the orchestrator to weigh. On the port
# and path the service is configured with: its own, or the management server's
HEALTHCHECK --interval=30s --timeout=5s --start-period=90s --retries=3 \
    CMD ["bash", "-c", "if [ -n \"${MANAGEMENT_SERVER_PORT:-}\" ]; then port=$MANAGEMENT_SERVER_PORT base=${MANAGEMENT_SERVER_BASEPATH:-${MANAGEMENT_SERVER_BASE_PATH:-}}; else port=${SERVER_PORT:-8080} base=${SERVER_SERVLET_CONTEXTPATH:-${SERVER_SERVLET_CONTEXT_PATH:-}}; fi; exec 3<>/dev/tcp/127.0.0.1/$port && printf 'GET %s/actuator/health/liveness HTTP/1.0\\r\\n\\r\\n' \"${base%/}\" >&3 && grep -q '\"status\":\"UP\"' <&3"]
ENTRYPOINT ["java", "org.springframework.boot.loader.launch.JarLauncher"]
