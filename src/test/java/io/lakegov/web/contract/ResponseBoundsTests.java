package io.lakegov.web.contract;

import java.math.BigDecimal;
import java.util.List;

import io.lakegov.web.ContractBounds;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.Paths;
import io.swagger.v3.oas.models.media.ArraySchema;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.parameters.RequestBody;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ResponseBoundsTests {

	@Test
	void completesWhatIsAnsweredWithTheBoundsOfItsTypeAndKeepsNarrowerOnes() {
		Schema<?> answer = new ObjectSchema().addProperty("name", new StringSchema())
			.addProperty("day", new StringSchema().format("date"))
			.addProperty("at", new StringSchema().format("date-time"))
			.addProperty("count", new IntegerSchema().format("int64").minimum(BigDecimal.ZERO))
			.addProperty("page", new IntegerSchema().format("int32"))
			.addProperty("kinds", new ArraySchema().items(new StringSchema()._enum(List.of("A", "B"))))
			.addProperty("top", new ArraySchema().items(new StringSchema().maxLength(10)).maxItems(5));
		OpenAPI api = api(new ObjectSchema().addProperty("free", new StringSchema()), answer);

		new ResponseBounds().customise(api);

		Schema<?> completed = api.getComponents().getSchemas().get("Answer");
		assertThat(property(completed, "name").getMaxLength()).isEqualTo(Integer.MAX_VALUE);
		assertThat(property(completed, "day").getMaxLength()).isEqualTo(ContractBounds.DATE_LENGTH);
		assertThat(property(completed, "day").getPattern()).isEqualTo(ContractBounds.DATE_PATTERN);
		assertThat(property(completed, "at").getMaxLength()).isEqualTo(ContractBounds.DATE_TIME_LENGTH);
		assertThat(property(completed, "count").getMinimum()).isEqualByComparingTo(BigDecimal.ZERO);
		assertThat(property(completed, "count").getMaximum()).isEqualByComparingTo(BigDecimal.valueOf(Long.MAX_VALUE));
		assertThat(property(completed, "page").getMinimum()).isEqualByComparingTo(BigDecimal.valueOf(Integer.MIN_VALUE));
		assertThat(property(completed, "kinds").getMaxItems()).isEqualTo(Integer.MAX_VALUE);
		assertThat(property(completed, "kinds").getItems().getMaxLength()).isNull();
		assertThat(property(completed, "top").getMaxItems()).isEqualTo(5);
		assertThat(property(completed, "top").getItems().getMaxLength()).isEqualTo(10);
	}

	@Test
	void leavesWhatCallersSendAsTheCodeDeclaresIt() {
		Schema<?> nested = new ObjectSchema().addProperty("deep", new StringSchema());
		OpenAPI api = api(new ObjectSchema().addProperty("free", new StringSchema())
			.addProperty("nested", new Schema<>().$ref("#/components/schemas/Nested")), new ObjectSchema());
		api.getComponents().addSchemas("Nested", nested);

		new ResponseBounds().customise(api);

		assertThat(property(api.getComponents().getSchemas().get("Request"), "free").getMaxLength()).isNull();
		assertThat(property(nested, "deep").getMaxLength()).isNull();
	}

	private static OpenAPI api(Schema<?> request, Schema<?> answer) {
		Operation operation = new Operation()
			.requestBody(new RequestBody().content(content("#/components/schemas/Request")))
			.responses(new ApiResponses().addApiResponse("200",
					new ApiResponse().content(content("#/components/schemas/Answer"))));
		return new OpenAPI().components(new Components().addSchemas("Request", request).addSchemas("Answer", answer))
			.paths(new Paths().addPathItem("/things", new PathItem().post(operation)));
	}

	private static Content content(String ref) {
		return new Content().addMediaType("application/json", new MediaType().schema(new Schema<>().$ref(ref)));
	}

	private static Schema<?> property(Schema<?> schema, String name) {
		return schema.getProperties().get(name);
	}

}
