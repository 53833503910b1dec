package io.lakegov.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A table name, normalised: lower-case, quotes removed, one to n parts. A table addressed by storage path, such
 * as {@code delta.`/data/events`}, has two parts: the format and the path.
 */
public record TableName(List<String> parts) {

    private static final Set<String> PATH_FORMATS =
            Set.of("delta", "parquet", "json", "csv", "orc", "text", "avro", "binaryfile", "iceberg", "hudi");

    public TableName {
        if (parts == null || parts.isEmpty()) {
            throw new IllegalArgumentException("a table name needs at least one part");
        }
        List<String> normalised = new ArrayList<>(parts.size());
        for (String part : parts) {
            if (part == null || part.isEmpty()) {
                throw new IllegalArgumentException("a table name part cannot be empty: " + parts);
            }
            normalised.add(part.toLowerCase(Locale.ROOT));
        }
        parts = List.copyOf(normalised);
    }

    /** Parses {@code a.b.c} or {@code `a`.`b`.c}; a backtick inside a quoted part is written twice. */
    public static TableName parse(String dotted) {
        if (dotted == null) {
            throw new IllegalArgumentException("no table name");
        }
        List<String> parts = new ArrayList<>();
        int i = 0;
        int n = dotted.length();
        while (true) {
            StringBuilder part = new StringBuilder();
            if (i < n && dotted.charAt(i) == '`') {
                i++;
                while (true) {
                    if (i >= n) {
                        throw new IllegalArgumentException("unterminated quoted name: " + dotted);
                    }
                    char c = dotted.charAt(i++);
                    if (c == '`') {
                        if (i < n && dotted.charAt(i) == '`') {
                            part.append('`');
                            i++;
                        } else {
                            break;
                        }
                    } else {
                        part.append(c);
                    }
                }
            } else {
                while (i < n && dotted.charAt(i) != '.') {
                    char c = dotted.charAt(i++);
                    if (!(Character.isLetterOrDigit(c) || c == '_' || c == '$' || c == '-')) {
                        throw new IllegalArgumentException("not a table name: " + dotted);
                    }
                    part.append(c);
                }
            }
            if (part.isEmpty()) {
                throw new IllegalArgumentException("empty part in table name: " + dotted);
            }
            parts.add(part.toString());
            if (i >= n) {
                return new TableName(parts);
            }
            if (dotted.charAt(i) != '.') {
                throw new IllegalArgumentException("not a table name: " + dotted);
            }
            i++;
        }
    }

    /** The parts joined with dots, without quoting. */
    public String qualified() {
        return String.join(".", parts);
    }

    /** True for a table addressed by storage path, like {@code delta.`/data/events`}. */
    public boolean isPath() {
        if (parts.size() != 2 || !PATH_FORMATS.contains(parts.get(0))) {
            return false;
        }
        String location = parts.get(1);
        return location.indexOf('/') >= 0 || location.indexOf(':') >= 0;
    }

    /**
     * True for a stored name ({@link #qualified()}: the parts joined with dots, unquoted) of a table addressed
     * by storage path, like {@code delta.s3://bucket/key}: its format, then its path.
     */
    public static boolean isPath(String qualified) {
        int dot = qualified.indexOf('.');
        return dot > 0 && new TableName(List.of(qualified.substring(0, dot), qualified.substring(dot + 1))).isPath();
    }

    /** True when the name has catalog, schema and table, or is a path. */
    public boolean isFullyQualified() {
        return isPath() || parts.size() >= 3;
    }

    /**
     * Fills the missing leading parts from the given defaults (null = unknown). A one-part name needs a schema to
     * be resolved at all; paths are never changed.
     */
    public TableName resolve(String defaultCatalog, String defaultSchema) {
        if (isPath() || parts.size() >= 3) {
            return this;
        }
        List<String> resolved = new ArrayList<>(3);
        if (parts.size() == 1) {
            if (defaultSchema == null) {
                return this;
            }
            if (defaultCatalog != null) {
                resolved.add(defaultCatalog);
            }
            resolved.add(defaultSchema);
        } else if (defaultCatalog != null) {
            resolved.add(defaultCatalog);
        } else {
            return this;
        }
        resolved.addAll(parts);
        return new TableName(resolved);
    }

    @Override
    public String toString() {
        return qualified();
    }
}
