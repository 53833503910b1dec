package io.lakegov.pages;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jose.util.JSONObjectUtils;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * A small OpenID Connect provider for tests, on a loopback port: discovery, its signing key, an authorization
 * endpoint that signs in at once whoever the test named (as a provider would after its own login form) and
 * sends the browser back with a code, and a token endpoint that checks the client's credentials and the code and
 * answers an ID token signed with its RSA key (the authorization request's nonce in it).
 */
final class FakeIdentityProvider implements AutoCloseable {

	private final HttpServer server;

	private final RSAKey key;

	private final String clientId;

	private final String clientSecret;

	private final Map<String, Grant> codes = new ConcurrentHashMap<>();

	private volatile Person next;

	private FakeIdentityProvider(String clientId, String clientSecret) throws IOException, JOSEException {
		this.clientId = clientId;
		this.clientSecret = clientSecret;
		this.key = new RSAKeyGenerator(2048).keyID(UUID.randomUUID().toString()).generate();
		this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
		server.createContext("/.well-known/openid-configuration", exchange -> json(exchange, 200, discovery()));
		server.createContext("/jwks", exchange -> send(exchange, 200, "application/json",
				new JWKSet(key.toPublicJWK()).toString()));
		server.createContext("/authorize", this::authorize);
		server.createContext("/token", this::token);
		server.start();
	}

	static FakeIdentityProvider start(String clientId, String clientSecret) {
		try {
			return new FakeIdentityProvider(clientId, clientSecret);
		}
		catch (IOException | JOSEException ex) {
			throw new IllegalStateException("The fake identity provider did not start", ex);
		}
	}

	String issuer() {
		return "http://" + server.getAddress().getAddress().getHostAddress() + ":" + server.getAddress().getPort();
	}

	/** The person the next authorization request signs in, with their groups. */
	void signsIn(String username, List<String> groups) {
		next = new Person(username, groups);
	}

	@Override
	public void close() {
		server.stop(0);
	}

	private Map<String, Object> discovery() {
		Map<String, Object> metadata = new LinkedHashMap<>();
		metadata.put("issuer", issuer());
		metadata.put("authorization_endpoint", issuer() + "/authorize");
		metadata.put("token_endpoint", issuer() + "/token");
		metadata.put("jwks_uri", issuer() + "/jwks");
		metadata.put("response_types_supported", List.of("code"));
		metadata.put("subject_types_supported", List.of("public"));
		metadata.put("id_token_signing_alg_values_supported", List.of("RS256"));
		metadata.put("scopes_supported", List.of("openid", "profile", "email"));
		metadata.put("token_endpoint_auth_methods_supported", List.of("client_secret_basic"));
		metadata.put("grant_types_supported", List.of("authorization_code"));
		return metadata;
	}

	private void authorize(HttpExchange exchange) throws IOException {
		Map<String, String> query = form(exchange.getRequestURI().getRawQuery());
		Person person = next;
		if (person == null || !clientId.equals(query.get("client_id")) || !"code".equals(query.get("response_type"))) {
			send(exchange, 400, "text/plain", "unexpected authorization request");
			return;
		}
		String code = UUID.randomUUID().toString();
		codes.put(code, new Grant(person, query.get("nonce"), query.get("redirect_uri")));
		String back = query.get("redirect_uri") + "?code=" + code + "&state="
				+ URLEncoder.encode(query.getOrDefault("state", ""), StandardCharsets.UTF_8);
		exchange.getResponseHeaders().add("Location", back);
		exchange.sendResponseHeaders(302, -1);
		exchange.close();
	}

	private void token(HttpExchange exchange) throws IOException {
		Map<String, String> body = form(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
		String expected = "Basic " + Base64.getEncoder().encodeToString((encoded(clientId) + ":" + encoded(clientSecret))
			.getBytes(StandardCharsets.UTF_8));
		Grant grant = codes.remove(body.getOrDefault("code", ""));
		if (!expected.equals(exchange.getRequestHeaders().getFirst("Authorization"))) {
			json(exchange, 401, Map.of("error", "invalid_client"));
			return;
		}
		if (grant == null || !"authorization_code".equals(body.get("grant_type"))
				|| !grant.redirectUri().equals(body.get("redirect_uri"))) {
			json(exchange, 400, Map.of("error", "invalid_grant"));
			return;
		}
		Map<String, Object> answer = new LinkedHashMap<>();
		answer.put("access_token", UUID.randomUUID().toString());
		answer.put("token_type", "Bearer");
		answer.put("expires_in", 300);
		answer.put("scope", "openid profile email");
		answer.put("id_token", idToken(grant));
		json(exchange, 200, answer);
	}

	private String idToken(Grant grant) {
		Instant now = Instant.now();
		JWTClaimsSet.Builder claims = new JWTClaimsSet.Builder().issuer(issuer())
			.subject("sub-" + grant.person().username())
			.audience(clientId)
			.issueTime(Date.from(now))
			.expirationTime(Date.from(now.plusSeconds(300)))
			.claim("preferred_username", grant.person().username())
			.claim("groups", grant.person().groups());
		if (grant.nonce() != null) {
			claims.claim("nonce", grant.nonce());
		}
		try {
			SignedJWT token = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(key.getKeyID()).build(),
					claims.build());
			token.sign(new RSASSASigner(key));
			return token.serialize();
		}
		catch (JOSEException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static String encoded(String value) {
		return URLEncoder.encode(value, StandardCharsets.UTF_8);
	}

	private static Map<String, String> form(String text) {
		Map<String, String> values = new LinkedHashMap<>();
		if (text == null || text.isEmpty()) {
			return values;
		}
		for (String pair : text.split("&")) {
			int equals = pair.indexOf('=');
			String name = URLDecoder.decode(equals < 0 ? pair : pair.substring(0, equals), StandardCharsets.UTF_8);
			String value = equals < 0 ? "" : URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8);
			values.put(name, value);
		}
		return values;
	}

	private static void json(HttpExchange exchange, int status, Map<String, ?> body) throws IOException {
		send(exchange, status, "application/json", JSONObjectUtils.toJSONString(Map.copyOf(body)));
	}

	private static void send(HttpExchange exchange, int status, String type, String body) throws IOException {
		byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
		exchange.getResponseHeaders().add("Content-Type", type);
		exchange.sendResponseHeaders(status, bytes.length);
		try (OutputStream out = exchange.getResponseBody()) {
			out.write(bytes);
		}
	}

	private record Person(String username, List<String> groups) {
	}

	private record Grant(Person person, String nonce, String redirectUri) {
	}

}
