package io.lakegov.history;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class OwnStatementsTests {

	OwnStatements own = new OwnStatements(List.of(" Lakegov@Corp.example ", ""));

	@Test
	void recognisesTheLakegovTagAsAMapOrAsAListOfKeysAndValues() {
		assertThat(own.isOwn("ann@corp.example", "{\"lakegov\": \"service\"}")).isTrue();
		assertThat(own.isOwn("ann@corp.example", "[{\"key\": \"team\", \"value\": \"fin\"}, {\"key\": \"lakegov\", \"value\": \"x\"}]"))
			.isTrue();
	}

	@Test
	void recognisesTheConfiguredPrincipalsWhateverTheirCase() {
		assertThat(own.isOwn("lakegov@corp.example", null)).isTrue();
		assertThat(own.isOwn("LAKEGOV@CORP.EXAMPLE", "{}")).isTrue();
	}

	@Test
	void leavesEveryoneElseAlone() {
		assertThat(own.isOwn("ann@corp.example", null)).isFalse();
		assertThat(own.isOwn(null, "{\"team\": \"lakegov\"}")).as("a tag value is not the key").isFalse();
		assertThat(own.isOwn("ann@corp.example", "[{\"key\": \"team\", \"value\": \"lakegov\"}]")).isFalse();
		assertThat(own.isOwn("ann@corp.example", "{lakegov")).as("not JSON").isFalse();
		assertThat(own.isOwn("", "\"lakegov\"")).isFalse();
	}

}
