package io.lakegov.openlineage.event;

import java.net.URI;
import java.util.List;

import io.openlineage.client.OpenLineage;

/**
 * lakegov's own run facet {@code lakegov_witness}: what the event's tables rest on. {@code PARSED} (the
 * statement's text), {@code ENGINE_LINEAGE} (the engine's table lineage alone: a masked text, a notebook on a
 * classic cluster), {@code BOTH}, {@code MIXED} when its tables rest on different witnesses, or {@code NONE}
 * when the statement reads and writes no table (any more); and the tables it read or wrote whose names the
 * analyser could not complete to catalog.schema.table ({@code unqualifiedTables}), which are no dataset of the
 * event.
 */
public final class WitnessRunFacet extends OpenLineage.DefaultRunFacet {

	public static final String NAME = "lakegov_witness";

	/** The witness of an event without tables. */
	static final String NONE = "NONE";

	static final URI SCHEMA = URI.create("https://lakegov.io/openlineage/facets/1-0-0/LakegovWitnessRunFacet.json"
			+ "#/$defs/LakegovWitnessRunFacet");

	private final String witness;

	private final boolean lineageOnly;

	private final String statementKind;

	private final String analyzerVersion;

	private final List<String> unqualifiedTables;

	WitnessRunFacet(URI producer, String witness, String statementKind, String analyzerVersion,
			List<String> unqualifiedTables) {
		super(producer);
		this.unqualifiedTables = List.copyOf(unqualifiedTables);
		this.witness = witness;
		this.lineageOnly = "ENGINE_LINEAGE".equals(witness);
		this.statementKind = statementKind;
		this.analyzerVersion = analyzerVersion;
	}

	@Override
	public URI get_schemaURL() {
		return SCHEMA;
	}

	public String getWitness() {
		return witness;
	}

	public boolean isLineageOnly() {
		return lineageOnly;
	}

	public String getStatementKind() {
		return statementKind;
	}

	public String getAnalyzerVersion() {
		return analyzerVersion;
	}

	public List<String> getUnqualifiedTables() {
		return unqualifiedTables;
	}

}
