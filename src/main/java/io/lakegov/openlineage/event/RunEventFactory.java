package io.lakegov.openlineage.event;

import java.net.URI;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import io.openlineage.client.OpenLineage;
import io.openlineage.client.OpenLineage.RunEvent.EventType;
import org.jspecify.annotations.Nullable;

/**
 * Builds a statement's RunEvent with OpenLineage's own model classes: the event type from how the statement
 * ended, a run whose id is derived from the source and statement id (so that the event sent again is the same
 * run), the job from its query source, its tables as inputs (reads) and outputs (writes), and what lakegov knows
 * beyond that as facets: {@code externalQuery} (the statement id), {@code sql} (the redacted text, never the
 * raw one), {@code jobType}, {@code parent} (a job task's job run), {@code columnLineage} on outputs whose
 * written columns are known, and {@code lakegov_witness}.
 */
public final class RunEventFactory {

	/** Who produced the events, as OpenLineage's {@code producer} and the custom facets' {@code _producer}. */
	public static final URI PRODUCER = URI.create("https://lakegov.io/openlineage");

	/** Written columns times columns read that an event lists pair by pair at most. */
	static final int MAX_COLUMN_PAIRS = 10_000;

	private final OpenLineage openLineage = new OpenLineage(PRODUCER);

	/**
	 * The statement's event; null while it has not finished. A statement that reads and writes no table (any
	 * more) has an event without datasets, so that a consumer that was told of its tables drops them.
	 *
	 * @param host the workspace host of the statement's source
	 * @param jobNamespace the jobs' namespace; null for the workspace's
	 */
	public OpenLineage.@Nullable RunEvent build(StoredStatement statement, String host, @Nullable String jobNamespace) {
		EventType type = eventType(statement.executionStatus());
		if (type == null) {
			return null;
		}
		String namespace = jobNamespace == null ? LineageNaming.workspace(host) : jobNamespace;
		LineageNaming.Job job = LineageNaming.job(namespace, statement.sourceKind(), statement.sourceId(),
				statement.userName(), statement.notebookId());
		return openLineage.newRunEventBuilder()
			.eventType(type)
			.eventTime((statement.endTime() == null ? statement.startTime() : statement.endTime()).atZone(ZoneOffset.UTC))
			.run(openLineage.newRun(LineageNaming.runId(statement.source(), LineageNaming.queryId(statement.statementId())),
					runFacets(statement, host, namespace, job)))
			.job(openLineage.newJob(job.namespace(), job.name(), jobFacets(statement)))
			.inputs(inputs(statement, host))
			.outputs(outputs(statement, host))
			.build();
	}

	/** COMPLETE, FAIL or ABORT as the statement ended; null while it runs or waits. */
	public static @Nullable EventType eventType(@Nullable String executionStatus) {
		if (executionStatus == null) {
			return EventType.COMPLETE;
		}
		return switch (executionStatus) {
			case "FINISHED" -> EventType.COMPLETE;
			case "FAILED" -> EventType.FAIL;
			case "CANCELED", "CANCELLED" -> EventType.ABORT;
			default -> null;
		};
	}

	private OpenLineage.RunFacets runFacets(StoredStatement statement, String host, String namespace,
			LineageNaming.Job job) {
		OpenLineage.RunFacetsBuilder facets = openLineage.newRunFacetsBuilder()
			.externalQuery(openLineage.newExternalQueryRunFacet(LineageNaming.queryId(statement.statementId()),
					LineageNaming.workspace(host)))
			.put(WitnessRunFacet.NAME, new WitnessRunFacet(PRODUCER, witness(statement), statement.statementKind(),
					statement.analyzerVersion(), unqualified(statement)));
		if ("JOB".equals(statement.sourceKind()) && statement.jobRunId() != null && !statement.sourceId().isEmpty()) {
			LineageNaming.Job parent = LineageNaming.parentJob(namespace, statement.sourceId());
			if (!parent.name().equals(job.name())) {
				facets.parent(openLineage.newParentRunFacetBuilder()
					.run(openLineage.newParentRunFacetRunBuilder()
						.runId(LineageNaming.jobRunId(statement.source(), statement.jobRunId()))
						.build())
					.job(openLineage.newParentRunFacetJobBuilder().namespace(parent.namespace()).name(parent.name()).build())
					.build());
			}
		}
		return facets.build();
	}

	private OpenLineage.JobFacets jobFacets(StoredStatement statement) {
		OpenLineage.JobFacetsBuilder facets = openLineage.newJobFacetsBuilder()
			.jobType(openLineage.newJobTypeJobFacetBuilder()
				.processingType("BATCH")
				.integration("DATABRICKS")
				.jobType("QUERY")
				.build());
		if (statement.redactedText() != null && !statement.redactedText().isBlank()) {
			facets.sql(openLineage.newSQLJobFacetBuilder().query(statement.redactedText()).dialect("databricks").build());
		}
		return facets.build();
	}

	private List<OpenLineage.InputDataset> inputs(StoredStatement statement, String host) {
		List<OpenLineage.InputDataset> inputs = new ArrayList<>();
		for (String table : tables(statement, "READ")) {
			LineageNaming.Dataset dataset = LineageNaming.dataset(host, table);
			inputs.add(openLineage.newInputDatasetBuilder().namespace(dataset.namespace()).name(dataset.name()).build());
		}
		return inputs;
	}

	private List<OpenLineage.OutputDataset> outputs(StoredStatement statement, String host) {
		List<OpenLineage.InputField> read = new ArrayList<>();
		for (StoredStatement.Column column : statement.columns()) {
			if ("READ".equals(column.role()) && LineageNaming.named(column.table())) {
				LineageNaming.Dataset dataset = LineageNaming.dataset(host, column.table());
				read.add(openLineage.newInputFieldBuilder()
					.namespace(dataset.namespace())
					.name(dataset.name())
					.field(column.column())
					.build());
			}
		}
		List<OpenLineage.OutputDataset> outputs = new ArrayList<>();
		for (String table : tables(statement, "WRITE")) {
			LineageNaming.Dataset dataset = LineageNaming.dataset(host, table);
			OpenLineage.OutputDatasetBuilder output = openLineage.newOutputDatasetBuilder()
				.namespace(dataset.namespace())
				.name(dataset.name());
			OpenLineage.ColumnLineageDatasetFacet lineage = columnLineage(statement, table, read);
			if (lineage != null) {
				output.facets(openLineage.newDatasetFacetsBuilder().columnLineage(lineage).build());
			}
			outputs.add(output.build());
		}
		return outputs;
	}

	/**
	 * Each column the statement wrote to the table, fed by the columns it certainly read: the analyser knows
	 * which columns a statement reads and which it writes, not which read column feeds which written one, so
	 * every written column lists every column read. Past {@link #MAX_COLUMN_PAIRS} pairs (a wide table written
	 * from wide ones), the columns read are listed once, as what feeds the whole table ({@code dataset}), and
	 * each written column without input fields: an event of a few hundred kB rather than tens of MB, which a
	 * consumer or a proxy would refuse, tables and all.
	 */
	private OpenLineage.@Nullable ColumnLineageDatasetFacet columnLineage(StoredStatement statement, String table,
			List<OpenLineage.InputField> read) {
		if (read.isEmpty()) {
			return null;
		}
		Set<String> written = new LinkedHashSet<>();
		for (StoredStatement.Column column : statement.columns()) {
			if ("WRITE".equals(column.role()) && column.table().equals(table)) {
				written.add(column.column());
			}
		}
		if (written.isEmpty()) {
			return null;
		}
		boolean whole = (long) written.size() * read.size() > MAX_COLUMN_PAIRS;
		OpenLineage.ColumnLineageDatasetFacetFieldsBuilder fields = openLineage.newColumnLineageDatasetFacetFieldsBuilder();
		for (String column : written) {
			fields.put(column, openLineage.newColumnLineageDatasetFacetFieldsAdditionalBuilder()
				.inputFields(whole ? List.of() : read)
				.build());
		}
		OpenLineage.ColumnLineageDatasetFacetBuilder facet = openLineage.newColumnLineageDatasetFacetBuilder()
			.fields(fields.build());
		return whole ? facet.dataset(read).build() : facet.build();
	}

	/** The tables of a role that are datasets ({@link LineageNaming#named}). */
	private static Set<String> tables(StoredStatement statement, String role) {
		Set<String> tables = new LinkedHashSet<>();
		statement.accesses()
			.stream()
			.filter(access -> access.role().equals(role) && LineageNaming.named(access.table()))
			.forEach(access -> tables.add(access.table()));
		return tables;
	}

	/** The tables read or written whose names the analyser could not complete: no dataset, said in the facet. */
	private static List<String> unqualified(StoredStatement statement) {
		return statement.accesses()
			.stream()
			.filter(access -> readOrWrite(access) && !LineageNaming.named(access.table()))
			.map(StoredStatement.Access::table)
			.distinct()
			.sorted()
			.toList();
	}

	private static String witness(StoredStatement statement) {
		Set<String> witnesses = new LinkedHashSet<>();
		statement.accesses().stream().filter(RunEventFactory::readOrWrite).forEach(access -> witnesses.add(access.witness()));
		if (witnesses.isEmpty()) {
			return WitnessRunFacet.NONE;
		}
		return witnesses.size() == 1 ? witnesses.iterator().next() : "MIXED";
	}

	private static boolean readOrWrite(StoredStatement.Access access) {
		return "READ".equals(access.role()) || "WRITE".equals(access.role());
	}

}
