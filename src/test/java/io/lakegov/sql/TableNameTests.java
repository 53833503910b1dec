package io.lakegov.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import org.junit.jupiter.api.Test;

class TableNameTests {

    @Test
    void parsesQuotedAndPlainParts() {
        assertThat(TableName.parse("`Main`.`Sales`.Orders").parts()).containsExactly("main", "sales", "orders");
        assertThat(TableName.parse("a.b.c").qualified()).isEqualTo("a.b.c");
        assertThat(TableName.parse("`we``ird.name`").parts()).containsExactly("we`ird.name");
    }

    @Test
    void rejectsGarbage() {
        for (String garbage : new String[] {"", "a..b", "`open", "a b", ".a", "a."}) {
            assertThatIllegalArgumentException().isThrownBy(() -> TableName.parse(garbage));
        }
    }

    @Test
    void resolvesMissingLeadingPartsOnly() {
        assertThat(TableName.parse("t").resolve("main", "sales").qualified()).isEqualTo("main.sales.t");
        assertThat(TableName.parse("s.t").resolve("main", "sales").qualified()).isEqualTo("main.s.t");
        assertThat(TableName.parse("c.s.t").resolve("main", "sales").qualified()).isEqualTo("c.s.t");
        assertThat(TableName.parse("t").resolve("main", null).qualified()).isEqualTo("t");
        assertThat(TableName.parse("t").resolve(null, null).isFullyQualified()).isFalse();
    }

    @Test
    void neverResolvesPaths() {
        TableName path = TableName.parse("delta.`/data/x`");

        assertThat(path.isPath()).isTrue();
        assertThat(path.isFullyQualified()).isTrue();
        assertThat(path.resolve("main", "sales")).isEqualTo(path);
    }
}
