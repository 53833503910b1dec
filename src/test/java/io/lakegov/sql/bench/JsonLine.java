package io.lakegov.sql.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A tiny reader for one flat JSON object per line: strings, booleans, numbers, null and arrays of those. */
final class JsonLine {

    private final String text;
    private int at;

    private JsonLine(String text) {
        this.text = text;
    }

    static Map<String, Object> parse(String line) {
        JsonLine reader = new JsonLine(line);
        Object value = reader.value();
        if (!(value instanceof Map<?, ?> map)) {
            throw new IllegalArgumentException("not a JSON object");
        }
        Map<String, Object> result = new LinkedHashMap<>();
        map.forEach((k, v) -> result.put((String) k, v));
        return result;
    }

    private Object value() {
        skipSpace();
        char c = text.charAt(at);
        if (c == '{') {
            Map<String, Object> map = new LinkedHashMap<>();
            at++;
            skipSpace();
            if (text.charAt(at) == '}') {
                at++;
                return map;
            }
            while (true) {
                skipSpace();
                String key = string();
                skipSpace();
                at++;
                map.put(key, value());
                skipSpace();
                if (text.charAt(at++) == '}') {
                    return map;
                }
            }
        }
        if (c == '[') {
            List<Object> list = new ArrayList<>();
            at++;
            skipSpace();
            if (text.charAt(at) == ']') {
                at++;
                return list;
            }
            while (true) {
                list.add(value());
                skipSpace();
                if (text.charAt(at++) == ']') {
                    return list;
                }
            }
        }
        if (c == '"') {
            return string();
        }
        int start = at;
        while (at < text.length() && ",}] \t".indexOf(text.charAt(at)) < 0) {
            at++;
        }
        String word = text.substring(start, at);
        return switch (word) {
            case "true" -> Boolean.TRUE;
            case "false" -> Boolean.FALSE;
            case "null" -> null;
            default -> Double.valueOf(word);
        };
    }

    private String string() {
        StringBuilder out = new StringBuilder();
        at++;
        while (true) {
            char c = text.charAt(at++);
            if (c == '"') {
                return out.toString();
            }
            if (c != '\\') {
                out.append(c);
                continue;
            }
            char e = text.charAt(at++);
            switch (e) {
                case 'n' -> out.append('\n');
                case 't' -> out.append('\t');
                case 'r' -> out.append('\r');
                case 'b' -> out.append('\b');
                case 'f' -> out.append('\f');
                case 'u' -> {
                    out.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                    at += 4;
                }
                default -> out.append(e);
            }
        }
    }

    private void skipSpace() {
        while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
            at++;
        }
    }
}
