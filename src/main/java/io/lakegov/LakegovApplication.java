package io.lakegov;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * lakegov: who reads which lakehouse table, what breaks if it is renamed or dropped, and how long its
 * history must really be kept.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class LakegovApplication {

	public static void main(String[] args) {
		SpringApplication.run(LakegovApplication.class, args);
	}

}
