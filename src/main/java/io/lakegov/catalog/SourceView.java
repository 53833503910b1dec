package io.lakegov.catalog;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Objects;

/**
 * One row of the source's {@code information_schema.views}: a view and the text of its defining query.
 *
 * @param catalog the catalog
 * @param schema the schema
 * @param name the view
 * @param definition the defining query as the source keeps it
 */
record SourceView(String catalog, String schema, String name, String definition) {

	SourceView {
		Objects.requireNonNull(catalog, "catalog");
		Objects.requireNonNull(schema, "schema");
		Objects.requireNonNull(name, "name");
		Objects.requireNonNull(definition, "definition");
	}

	/** The name usage facts use: {@code catalog.schema.view} in lower case. */
	String fullName() {
		return (catalog + "." + schema + "." + name).toLowerCase(Locale.ROOT);
	}

	/** SHA-256 of the definition: a changed definition is a new version of the view. */
	String definitionHash() {
		try {
			byte[] digest = MessageDigest.getInstance("SHA-256").digest(definition.getBytes(StandardCharsets.UTF_8));
			return HexFormat.of().formatHex(digest);
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("SHA-256 is missing from the JDK", ex);
		}
	}

}
