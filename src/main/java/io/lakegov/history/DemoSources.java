package io.lakegov.history;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The sources whose history in the store the demo workload made up ({@code demo_source}). */
@Repository
public class DemoSources {

	private final JdbcClient jdbc;

	DemoSources(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	/** Records that the demo writes the history of this source. */
	public void mark(String source) {
		jdbc.sql("INSERT INTO demo_source (source) VALUES (:source) ON CONFLICT DO NOTHING").param("source", source).update();
	}

	/** Whether the store holds history the demo made up under this source's name. */
	public boolean holds(String source) {
		return jdbc.sql("SELECT count(*) FROM demo_source WHERE source = :source")
			.param("source", source)
			.query(Long.class)
			.single() > 0;
	}

	/**
	 * Whether the store holds history of this source that the demo did not make up: a real source's, which
	 * the demo's made-up history must never join.
	 */
	public boolean holdsRealHistory(String source) {
		return Boolean.TRUE.equals(jdbc.sql("""
				SELECT NOT EXISTS (SELECT 1 FROM demo_source WHERE source = :source)
				   AND (EXISTS (SELECT 1 FROM ingestion_watermark WHERE source = :source)
				        OR EXISTS (SELECT 1 FROM query_history WHERE source = :source))""")
			.param("source", source)
			.query(Boolean.class)
			.single());
	}

}
