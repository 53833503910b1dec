package io.lakegov.watch;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.stereotype.Component;

/**
 * At the start, before any delivery: seals the watches stored plain (by an earlier build, or before keys were
 * configured) or with an earlier key, and refuses to start when a watch's values do not open with the
 * configured keys, since none of its events could be delivered or signed.
 */
@Component
class WatchSecretsSealer implements ApplicationRunner {

	private static final Logger log = LoggerFactory.getLogger(WatchSecretsSealer.class);

	private final WatchRepository watches;

	private final WatchSecrets secrets;

	WatchSecretsSealer(WatchRepository watches, WatchSecrets secrets) {
		this.watches = watches;
		this.secrets = secrets;
	}

	@Override
	public void run(ApplicationArguments args) {
		int sealed;
		try {
			sealed = watches.sealAll();
		}
		catch (IllegalStateException ex) {
			throw new IllegalStateException(ex.getMessage() + ". Configure the key it was sealed with in "
					+ "lakegov.watch.secrets-keys (after the sealing key, to keep it for opening only).", ex);
		}
		if (sealed > 0) {
			log.info("Sealed the secrets and webhook URLs of {} watches with the first key of lakegov.watch.secrets-keys",
					sealed);
		}
		else if (!secrets.sealing()) {
			log.debug("lakegov.watch.secrets-keys is empty: watch secrets and webhook URLs are stored as given");
		}
	}

}
