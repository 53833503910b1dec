package io.lakegov.sql.databricks;

import java.util.Locale;

import io.lakegov.sql.AccessRole;
import io.lakegov.sql.ShareAction;
import io.lakegov.sql.ShareChange;
import io.lakegov.sql.StatementFacts;
import io.lakegov.sql.TableName;
import io.lakegov.sql.text.TokenNames;
import io.lakegov.sql.text.Tokens;

/**
 * Delta Sharing statements that change what a share exposes: {@code ALTER SHARE s {ADD|ALTER|UPDATE|REMOVE} [TABLE]
 * t [COMMENT c] [PARTITION (...)] [AS alias] [WITH|WITHOUT HISTORY]} (role SHARE on {@code t}, and a
 * {@link ShareChange} with the share, alias and history), {@code ALTER SHARE s RENAME TO s2}, {@code DROP SHARE s}
 * and {@code CREATE OR REPLACE SHARE s} (a change of the share alone).
 */
final class ShareRecognisers {

    private ShareRecognisers() {
    }

    /** {@code DROP SHARE [IF EXISTS] s} and {@code CREATE OR REPLACE SHARE s ...}; null for anything else. */
    static StatementFacts dropOrReplace(Tokens tokens, int first, int end) {
        int at;
        String kind;
        if (TokenNames.expect(tokens, first, "DROP", "SHARE") > 0) {
            at = first + 2;
            kind = "DROP_SHARE";
            if (TokenNames.expect(tokens, at, "IF", "EXISTS") > 0) {
                at += 2;
            }
        } else if (TokenNames.expect(tokens, first, "CREATE", "OR", "REPLACE", "SHARE") > 0) {
            at = first + 4;
            kind = "CREATE_SHARE";
        } else {
            return null;
        }
        TokenNames.Read share = TokenNames.name(tokens, at, end);
        if (share == null || share.name().parts().size() != 1) {
            return null;
        }
        StatementFacts facts = new StatementFacts(kind);
        facts.shareChanges.add(ShareChange.onShare(ShareAction.DROP, share.name().qualified(), null));
        return facts;
    }

    /** {@code ALTER SHARE s ...} from the share's name at {@code at}. */
    static StatementFacts alter(Tokens tokens, int at, int end) {
        TokenNames.Read share = TokenNames.name(tokens, at, end);
        if (share == null || share.name().parts().size() != 1) {
            return null;
        }
        String name = share.name().qualified();
        int i = share.next();
        String action = i < end ? tokens.text(i).toUpperCase(Locale.ROOT) : "";
        if (action.equals("RENAME") && tokens.isWord(i + 1, "TO")) {
            TokenNames.Read renamed = TokenNames.name(tokens, i + 2, end);
            if (renamed == null || renamed.name().parts().size() != 1 || renamed.next() != end) {
                return null;
            }
            StatementFacts facts = new StatementFacts("ALTER_SHARE_RENAME");
            facts.shareChanges.add(ShareChange.onShare(ShareAction.RENAME, name, renamed.name().qualified()));
            return facts;
        }
        ShareAction change = switch (action) {
            case "ADD" -> ShareAction.ADD;
            case "ALTER", "UPDATE" -> ShareAction.UPDATE;
            case "REMOVE" -> ShareAction.REMOVE;
            default -> null;
        };
        if (change == null) {
            return new StatementFacts("ALTER_SHARE");
        }
        StatementFacts facts = new StatementFacts("ALTER_SHARE_" + change.name());
        i++;
        if (tokens.isWord(i, "TABLE") || tokens.isWord(i, "VIEW")) {
            i++;
        } else if (TokenNames.expect(tokens, i, "MATERIALIZED", "VIEW") > 0
                || TokenNames.expect(tokens, i, "STREAMING", "TABLE") > 0
                || TokenNames.expect(tokens, i, "FOREIGN", "TABLE") > 0) {
            i += 2;
        } else if (tokens.isWord(i, "SCHEMA") || tokens.isWord(i, "VOLUME") || tokens.isWord(i, "MODEL")
                || tokens.isWord(i, "NOTEBOOK") || tokens.isWord(i, "FUNCTION")) {
            return facts;
        }
        TokenNames.Read table = TokenNames.target(tokens, i, end);
        if (table == null) {
            return null;
        }
        facts.add(table, AccessRole.SHARE);
        if (table.name() != null) {
            facts.shareChanges.add(options(tokens, table.next(), end, change, name, table.name()));
        }
        return facts;
    }

    /** Reads {@code AS alias} and the history clause after the table, at the top level; skips anything else. */
    private static ShareChange options(Tokens tokens, int from, int end, ShareAction action, String share,
            TableName table) {
        String alias = null;
        Boolean history = null;
        int depth = 0;
        for (int i = from; i < end; i++) {
            if (tokens.isSymbol(i, '(')) {
                depth++;
            } else if (tokens.isSymbol(i, ')')) {
                depth--;
            } else if (depth > 0) {
                continue;
            } else if (tokens.isWord(i, "AS") && alias == null) {
                TokenNames.Read read = TokenNames.name(tokens, i + 1, end);
                if (read != null) {
                    alias = read.name().qualified();
                    i = read.next() - 1;
                }
            } else if (TokenNames.expect(tokens, i, "WITH", "HISTORY") > 0
                    || TokenNames.expect(tokens, i, "WITH", "CHANGE", "DATA", "FEED") > 0) {
                history = Boolean.TRUE;
            } else if (TokenNames.expect(tokens, i, "WITHOUT", "HISTORY") > 0) {
                history = Boolean.FALSE;
            }
        }
        if (action == ShareAction.REMOVE) {
            return ShareChange.onTable(action, share, table, null, null);
        }
        return ShareChange.onTable(action, share, table, alias, history);
    }
}
