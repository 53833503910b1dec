package io.lakegov.sql;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What statements do to Delta Sharing shares, from the ALTER SHARE, DROP SHARE and CREATE SHARE reference. */
class ShareChangesTests {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
        ALTER SHARE customer_share ADD TABLE main.sales.orders AS sales.orders WITH HISTORY | ADD customer_share main.sales.orders as=sales.orders history=true
        ALTER SHARE customer_share ADD main.sales.items | ADD customer_share main.sales.items as=null history=null
        ALTER SHARE s ADD TABLE main.a.b COMMENT 'as of now' PARTITION (region = 'EU', d AS dt) AS a.b | ADD s main.a.b as=a.b history=null
        ALTER SHARE s ADD TABLE main.a.b WITH CHANGE DATA FEED START VERSION 3 | ADD s main.a.b as=null history=true
        ALTER SHARE s ADD VIEW main.a.v COMMENT 'shared view' AS a.v | ADD s main.a.v as=a.v history=null
        ALTER SHARE s ADD MATERIALIZED VIEW main.a.mv | ADD s main.a.mv as=null history=null
        ALTER SHARE S ALTER TABLE main.a.b WITHOUT HISTORY | UPDATE s main.a.b as=null history=false
        ALTER SHARE s UPDATE TABLE `Main`.a.`b` AS x.y WITH HISTORY | UPDATE s main.a.b as=x.y history=true
        ALTER SHARE s REMOVE TABLE main.a.b | REMOVE s main.a.b as=null history=null
        ALTER SHARE s REMOVE VIEW main.a.v | REMOVE s main.a.v as=null history=null
        ALTER SHARE s RENAME TO s2 | RENAME s to=s2
        DROP SHARE IF EXISTS s | DROP s
        DROP SHARE `Partner_Share` | DROP partner_share
        CREATE OR REPLACE SHARE s COMMENT 'new' | DROP s
        CREATE SHARE IF NOT EXISTS s | ""
        ALTER SHARE s ADD SCHEMA main.a | ""
        ALTER SHARE s OWNER TO `data-team` | ""
        """)
    void recordsWhatChanges(String sql, String expected) {
        assertThat(changes(Golden.analyze(sql))).isEqualTo(expected);
    }

    @Test
    void resolvesTheTableWithTheTextsUseAndKeepsTheOrderOfAScript() {
        Analysis analysis = Golden.analyze("""
                USE CATALOG main; USE SCHEMA sales;
                ALTER SHARE s ADD TABLE orders AS sales.orders;
                ALTER SHARE s REMOVE TABLE orders;
                DROP SHARE s""");
        assertThat(changes(analysis)).isEqualTo(
                "ADD s main.sales.orders as=sales.orders history=null; REMOVE s main.sales.orders as=null "
                        + "history=null; DROP s");
        assertThat(analysis.shareChanges().get(0).written().qualified()).isEqualTo("orders");
        assertThat(Golden.accesses(analysis)).isEqualTo("SHARE:orders");
    }

    @Test
    void anUnqualifiedTableStaysUnresolvedWithoutUse() {
        ShareChange change = Golden.analyze("ALTER SHARE s ADD TABLE orders").shareChanges().get(0);
        assertThat(change.table().qualified()).isEqualTo("orders");
    }

    static String changes(Analysis analysis) {
        return analysis.shareChanges().stream().map(ShareChangesTests::render).collect(Collectors.joining("; "));
    }

    private static String render(ShareChange change) {
        return switch (change.action()) {
            case RENAME -> "RENAME " + change.share() + " to=" + change.renamedTo();
            case DROP -> "DROP " + change.share();
            default -> change.action() + " " + change.share() + " " + change.table().qualified() + " as="
                    + change.alias() + " history=" + change.withHistory();
        };
    }
}
