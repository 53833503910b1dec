package io.lakegov.sql.bench;

import io.lakegov.sql.AccessRole;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** Reads the measuring corpus (JSON lines) from outside the repository. */
final class CorpusReader {

    /** The fields that would hold the reference's tables of the roles besides READ and WRITE. */
    static final Map<AccessRole, String> OTHER_ROLES = Map.of(AccessRole.GRANT, "grants", AccessRole.REFERENCE,
            "references", AccessRole.SHARE, "shares");

    /**
     * One corpus statement with the reference's tables.
     *
     * @param others the reference's tables of the other roles, for those roles whose field the line has
     */
    record Entry(String id, String group, String sql, boolean referenceParsed, boolean dynamicName,
            Set<String> reads, Set<String> writes, Map<AccessRole, Set<String>> others) {

        boolean evaluated() {
            return referenceParsed && !dynamicName;
        }
    }

    static final String DEFAULT_PATH = "../shared/corpus/dev.jsonl";

    private CorpusReader() {
    }

    static List<Entry> read(String path) throws IOException {
        List<Entry> entries = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of(path))) {
            if (line.isBlank()) {
                continue;
            }
            Map<String, Object> node = JsonLine.parse(line);
            Map<AccessRole, Set<String>> others = new EnumMap<>(AccessRole.class);
            OTHER_ROLES.forEach((role, field) -> {
                if (node.containsKey(field)) {
                    others.put(role, names(node.get(field)));
                }
            });
            entries.add(new Entry((String) node.get("id"), (String) node.get("group"), (String) node.get("sql"),
                    Boolean.TRUE.equals(node.get("reference_parsed")), Boolean.TRUE.equals(node.get("dynamic_name")),
                    names(node.get("reads")), names(node.get("writes")), others));
        }
        return entries;
    }

    private static Set<String> names(Object array) {
        Set<String> names = new LinkedHashSet<>();
        if (array instanceof List<?> list) {
            list.forEach(n -> names.add(String.valueOf(n).toLowerCase(Locale.ROOT)));
        }
        return names;
    }
}
