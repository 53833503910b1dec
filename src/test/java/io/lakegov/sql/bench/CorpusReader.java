package io.lakegov.sql.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** Reads the measuring corpus (JSON lines) from outside the repository. */
final class CorpusReader {

    /** One corpus statement with the reference's tables. */
    record Entry(String id, String group, String sql, boolean referenceParsed, boolean dynamicName,
            Set<String> reads, Set<String> writes) {

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
            entries.add(new Entry((String) node.get("id"), (String) node.get("group"), (String) node.get("sql"),
                    Boolean.TRUE.equals(node.get("reference_parsed")), Boolean.TRUE.equals(node.get("dynamic_name")),
                    names(node.get("reads")), names(node.get("writes"))));
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
