# Build: docker build -t lakegov:0.1.0 .
FROM maven:3.9.11-eclipse-temurin-17 AS build
WORKDIR /src
COPY pom.xml ./
RUN mvn -B -q dependency:go-offline
COPY src ./src
COPY api ./api
RUN mvn -B -q package -DskipTests

FROM eclipse-temurin:17.0.15_6-jre
RUN groupadd --system --gid 10001 lakegov && useradd --system --uid 10001 --gid lakegov --home /var/lib/lakegov lakegov \
    && mkdir -p /var/lib/lakegov && chown lakegov:lakegov /var/lib/lakegov
WORKDIR /var/lib/lakegov
COPY --from=build /src/target/lakegov-*.jar /opt/lakegov/lakegov.jar
USER 10001
EXPOSE 8080
ENV JAVA_TOOL_OPTIONS="-XX:MaxRAMPercentage=75 -XX:+ExitOnOutOfMemoryError"
ENTRYPOINT ["java", "-jar", "/opt/lakegov/lakegov.jar"]
