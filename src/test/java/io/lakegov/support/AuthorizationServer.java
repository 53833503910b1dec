package io.lakegov.support;

import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.security.interfaces.RSAPrivateKey;
import java.security.interfaces.RSAPublicKey;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.proc.SecurityContext;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.http.converter.autoconfigure.HttpMessageConvertersAutoConfiguration;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.security.autoconfigure.SecurityAutoConfiguration;
import org.springframework.boot.security.autoconfigure.web.servlet.ServletWebSecurityAutoConfiguration;
import org.springframework.boot.security.oauth2.server.authorization.autoconfigure.servlet.OAuth2AuthorizationServerAutoConfiguration;
import org.springframework.boot.security.oauth2.server.authorization.autoconfigure.servlet.OAuth2AuthorizationServerJwtAutoConfiguration;
import org.springframework.boot.tomcat.autoconfigure.servlet.TomcatServletWebServerAutoConfiguration;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.boot.webmvc.autoconfigure.DispatcherServletAutoConfiguration;
import org.springframework.boot.webmvc.autoconfigure.WebMvcAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.http.MediaType;
import org.springframework.security.oauth2.jose.jws.SignatureAlgorithm;
import org.springframework.security.oauth2.jwt.JwsHeader;
import org.springframework.security.oauth2.jwt.JwtClaimsSet;
import org.springframework.security.oauth2.jwt.JwtEncoderParameters;
import org.springframework.security.oauth2.jwt.NimbusJwtEncoder;
import org.springframework.security.oauth2.server.authorization.token.JwtEncodingContext;
import org.springframework.security.oauth2.server.authorization.token.OAuth2TokenCustomizer;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.web.client.RestClient;

/**
 * A real OAuth2 authorization server (Spring Authorization Server) that tests start in this JVM, on a
 * loopback port. Its clients get access tokens by the client-credentials grant, each with the groups of
 * {@link #GROUPS} in its {@code groups} claim.
 */
public final class AuthorizationServer {

	/** The groups each client's tokens carry; {@code stranger} has none that lakegov maps. */
	public static final Map<String, List<String>> GROUPS = Map.of("viewer", List.of("lakegov-viewers", "staff"),
			"operator", List.of("lakegov-operators"), "admin", List.of("lakegov-admins", "lakegov-viewers"), "stranger",
			List.of("staff"));

	/** The properties that map those groups to lakegov's roles, for the service under test. */
	public static final Map<String, String> ROLE_MAPPING = Map.of("lakegov.security.oauth2.viewer-groups",
			"lakegov-viewers", "lakegov.security.oauth2.operator-groups", "lakegov-operators",
			"lakegov.security.oauth2.admin-groups", "lakegov-admins");

	private static final String SECRET = "client-secret";

	private static final RSAKey KEY = rsaKey();

	private static ConfigurableApplicationContext server;

	private AuthorizationServer() {
	}

	/** The issuer, starting the server on first use. */
	public static synchronized String issuer() {
		if (server == null) {
			server = start();
			Runtime.getRuntime().addShutdownHook(new Thread(server::close));
		}
		return "http://localhost:" + ((WebServerApplicationContext) server).getWebServer().getPort();
	}

	/** An access token the server issued to the client by the client-credentials grant. */
	public static String token(String client) {
		var form = new LinkedMultiValueMap<String, String>();
		form.add("grant_type", "client_credentials");
		Map<?, ?> response = RestClient.create(issuer())
			.post()
			.uri("/oauth2/token")
			.headers(headers -> headers.setBasicAuth(client, SECRET + "-" + client))
			.contentType(MediaType.APPLICATION_FORM_URLENCODED)
			.body(form)
			.retrieve()
			.body(Map.class);
		return String.valueOf(response.get("access_token"));
	}

	/** A token signed with the server's key and naming its issuer, which expired an hour ago. */
	public static String expiredToken() {
		Instant issued = Instant.now().minusSeconds(7200);
		return sign(issuer(), issued, issued.plusSeconds(3600));
	}

	/** A token signed with the server's key, valid for an hour, but naming another issuer. */
	public static String otherIssuerToken() {
		issuer();
		return sign("http://localhost:1/other-issuer", Instant.now(), Instant.now().plusSeconds(3600));
	}

	private static String sign(String issuer, Instant issued, Instant expires) {
		var claims = JwtClaimsSet.builder()
			.issuer(issuer)
			.subject("admin")
			.issuedAt(issued)
			.notBefore(issued)
			.expiresAt(expires)
			.claim("groups", GROUPS.get("admin"))
			.build();
		var header = JwsHeader.with(SignatureAlgorithm.RS256).keyId(KEY.getKeyID()).build();
		return new NimbusJwtEncoder(jwkSource()).encode(JwtEncoderParameters.from(header, claims)).getTokenValue();
	}

	private static ConfigurableApplicationContext start() {
		var properties = new java.util.HashMap<String, Object>();
		properties.put("spring.config.name", "lakegov-test-authorization-server");
		properties.put("server.port", "0");
		properties.put("server.address", "127.0.0.1");
		properties.put("spring.main.banner-mode", "off");
		for (String client : GROUPS.keySet()) {
			String prefix = "spring.security.oauth2.authorizationserver.client." + client + ".registration.";
			properties.put(prefix + "client-id", client);
			properties.put(prefix + "client-secret", "{noop}" + SECRET + "-" + client);
			properties.put(prefix + "client-authentication-methods", "client_secret_basic");
			properties.put(prefix + "authorization-grant-types", "client_credentials");
		}
		return new SpringApplicationBuilder(Server.class).web(WebApplicationType.SERVLET).properties(properties).run();
	}

	private static JWKSource<SecurityContext> jwkSource() {
		return new ImmutableJWKSet<>(new JWKSet(KEY));
	}

	private static RSAKey rsaKey() {
		try {
			KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
			generator.initialize(2048);
			KeyPair pair = generator.generateKeyPair();
			return new RSAKey.Builder((RSAPublicKey) pair.getPublic()).privateKey((RSAPrivateKey) pair.getPrivate())
				.keyID("test-key")
				.build();
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

	@SpringBootConfiguration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ TomcatServletWebServerAutoConfiguration.class, DispatcherServletAutoConfiguration.class,
			WebMvcAutoConfiguration.class, HttpMessageConvertersAutoConfiguration.class, JacksonAutoConfiguration.class,
			SecurityAutoConfiguration.class, ServletWebSecurityAutoConfiguration.class,
			OAuth2AuthorizationServerAutoConfiguration.class, OAuth2AuthorizationServerJwtAutoConfiguration.class })
	static class Server {

		@Bean
		JWKSource<SecurityContext> jwkSource() {
			return AuthorizationServer.jwkSource();
		}

		@Bean
		OAuth2TokenCustomizer<JwtEncodingContext> groupsClaim() {
			return context -> context.getClaims()
				.claim("groups", GROUPS.get(context.getRegisteredClient().getClientId()));
		}

	}

}
