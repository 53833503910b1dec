package io.lakegov.web.contract;

import io.swagger.v3.oas.models.OpenAPI;
import org.springdoc.core.customizers.OpenApiCustomizer;

/**
 * Says what the server address of the served document is: the address the document was asked at, the
 * service itself and not the company's gateway in front of it, for a reader on the local network.
 */
final class LocalServer implements OpenApiCustomizer {

	static final String DESCRIPTION = "This lakegov as the document was asked for it (local, or inside the "
			+ "network behind the company's gateway); callers outside reach it through the gateway's address";

	@Override
	public void customise(OpenAPI openApi) {
		if (openApi.getServers() != null) {
			openApi.getServers().forEach(server -> {
				server.setDescription(DESCRIPTION);
				server.addExtension("x-internal", true);
			});
		}
	}

}
