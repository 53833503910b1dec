package io.lakegov.warehouse;

import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.hive.service.rpc.thrift.TCLIService;
import org.apache.hive.service.rpc.thrift.TCancelDelegationTokenReq;
import org.apache.hive.service.rpc.thrift.TCancelDelegationTokenResp;
import org.apache.hive.service.rpc.thrift.TCancelOperationReq;
import org.apache.hive.service.rpc.thrift.TCancelOperationResp;
import org.apache.hive.service.rpc.thrift.TCloseOperationReq;
import org.apache.hive.service.rpc.thrift.TCloseOperationResp;
import org.apache.hive.service.rpc.thrift.TCloseSessionReq;
import org.apache.hive.service.rpc.thrift.TCloseSessionResp;
import org.apache.hive.service.rpc.thrift.TColumn;
import org.apache.hive.service.rpc.thrift.TExecuteStatementReq;
import org.apache.hive.service.rpc.thrift.TExecuteStatementResp;
import org.apache.hive.service.rpc.thrift.TFetchOrientation;
import org.apache.hive.service.rpc.thrift.TFetchResultsReq;
import org.apache.hive.service.rpc.thrift.TFetchResultsResp;
import org.apache.hive.service.rpc.thrift.TGetCatalogsReq;
import org.apache.hive.service.rpc.thrift.TGetCatalogsResp;
import org.apache.hive.service.rpc.thrift.TGetColumnsReq;
import org.apache.hive.service.rpc.thrift.TGetColumnsResp;
import org.apache.hive.service.rpc.thrift.TGetCrossReferenceReq;
import org.apache.hive.service.rpc.thrift.TGetCrossReferenceResp;
import org.apache.hive.service.rpc.thrift.TGetDelegationTokenReq;
import org.apache.hive.service.rpc.thrift.TGetDelegationTokenResp;
import org.apache.hive.service.rpc.thrift.TGetFunctionsReq;
import org.apache.hive.service.rpc.thrift.TGetFunctionsResp;
import org.apache.hive.service.rpc.thrift.TGetInfoReq;
import org.apache.hive.service.rpc.thrift.TGetInfoResp;
import org.apache.hive.service.rpc.thrift.TGetOperationStatusReq;
import org.apache.hive.service.rpc.thrift.TGetOperationStatusResp;
import org.apache.hive.service.rpc.thrift.TGetPrimaryKeysReq;
import org.apache.hive.service.rpc.thrift.TGetPrimaryKeysResp;
import org.apache.hive.service.rpc.thrift.TGetQueryIdReq;
import org.apache.hive.service.rpc.thrift.TGetQueryIdResp;
import org.apache.hive.service.rpc.thrift.TGetResultSetMetadataReq;
import org.apache.hive.service.rpc.thrift.TGetResultSetMetadataResp;
import org.apache.hive.service.rpc.thrift.TGetSchemasReq;
import org.apache.hive.service.rpc.thrift.TGetSchemasResp;
import org.apache.hive.service.rpc.thrift.TGetTableTypesReq;
import org.apache.hive.service.rpc.thrift.TGetTableTypesResp;
import org.apache.hive.service.rpc.thrift.TGetTablesReq;
import org.apache.hive.service.rpc.thrift.TGetTablesResp;
import org.apache.hive.service.rpc.thrift.TGetTypeInfoReq;
import org.apache.hive.service.rpc.thrift.TGetTypeInfoResp;
import org.apache.hive.service.rpc.thrift.TOpenSessionReq;
import org.apache.hive.service.rpc.thrift.TOpenSessionResp;
import org.apache.hive.service.rpc.thrift.TOperationHandle;
import org.apache.hive.service.rpc.thrift.TOperationType;
import org.apache.hive.service.rpc.thrift.TRenewDelegationTokenReq;
import org.apache.hive.service.rpc.thrift.TRenewDelegationTokenResp;
import org.apache.hive.service.rpc.thrift.TRowSet;
import org.apache.hive.service.rpc.thrift.TSetClientInfoReq;
import org.apache.hive.service.rpc.thrift.TSetClientInfoResp;
import org.apache.hive.service.rpc.thrift.TStatusCode;
import org.apache.thrift.TException;

/**
 * Spark's Thrift service as the Databricks drivers expect it: fetches say exactly whether more rows
 * follow (Spark always says no), each fetch carries the result metadata, and operation handles that
 * the 3.x driver sends back with type UNKNOWN get their real type again. Everything else is Spark's.
 */
final class DatabricksShimService implements TCLIService.Iface {

	private final TCLIService.Iface spark;

	private final ThreadLocal<TGetResultSetMetadataResp> pendingMetadata;

	private final FetchLog fetchLog;

	private final Map<String, TOperationType> operationTypes = new ConcurrentHashMap<>();

	private final Map<String, TFetchResultsResp> lookahead = new ConcurrentHashMap<>();

	private final Map<String, TGetResultSetMetadataResp> metadata = new ConcurrentHashMap<>();

	/** Told of every fetch, so tests can see the batch sizes a client asks for. */
	@FunctionalInterface
	interface FetchLog {

		void fetched(long maxRows, int rows);

	}

	DatabricksShimService(TCLIService.Iface spark, ThreadLocal<TGetResultSetMetadataResp> pendingMetadata,
			FetchLog fetchLog) {
		this.spark = spark;
		this.pendingMetadata = pendingMetadata;
		this.fetchLog = fetchLog;
	}

	@Override
	public TFetchResultsResp FetchResults(TFetchResultsReq req) throws TException {
		restoreType(req.getOperationHandle());
		if (req.getFetchType() != 0) {
			// the operation's log, not its rows
			return spark.FetchResults(req);
		}
		String key = key(req.getOperationHandle());
		if (req.getOrientation() != TFetchOrientation.FETCH_NEXT) {
			lookahead.remove(key);
		}
		TFetchResultsResp current = lookahead.remove(key);
		if (current == null) {
			current = spark.FetchResults(req);
		}
		if (current.getStatus().getStatusCode() != TStatusCode.SUCCESS_STATUS) {
			return current;
		}
		int rows = rows(current.getResults());
		boolean more = false;
		if (rows > 0) {
			TFetchResultsReq next = req.deepCopy();
			next.setOrientation(TFetchOrientation.FETCH_NEXT);
			TFetchResultsResp following = spark.FetchResults(next);
			more = following.getStatus().getStatusCode() != TStatusCode.SUCCESS_STATUS
					|| rows(following.getResults()) > 0;
			if (more) {
				lookahead.put(key, following);
			}
		}
		current.setHasMoreRows(more);
		fetchLog.fetched(req.getMaxRows(), rows);
		pendingMetadata.set(metadata(req.getOperationHandle()));
		return current;
	}

	private TGetResultSetMetadataResp metadata(TOperationHandle handle) throws TException {
		String key = key(handle);
		TGetResultSetMetadataResp known = metadata.get(key);
		if (known == null) {
			known = spark.GetResultSetMetadata(new TGetResultSetMetadataReq(handle));
			metadata.put(key, known);
		}
		return known;
	}

	/** Rows in a row set: the values of its first column, or its rows when it is row-based. */
	static int rows(TRowSet rowSet) {
		if (rowSet == null) {
			return 0;
		}
		if (rowSet.isSetColumns() && !rowSet.getColumns().isEmpty()) {
			return values(rowSet.getColumns().get(0)).size();
		}
		return rowSet.getRowsSize();
	}

	private static List<?> values(TColumn column) {
		return switch (column.getSetField()) {
			case BOOL_VAL -> column.getBoolVal().getValues();
			case BYTE_VAL -> column.getByteVal().getValues();
			case I16_VAL -> column.getI16Val().getValues();
			case I32_VAL -> column.getI32Val().getValues();
			case I64_VAL -> column.getI64Val().getValues();
			case DOUBLE_VAL -> column.getDoubleVal().getValues();
			case STRING_VAL -> column.getStringVal().getValues();
			case BINARY_VAL -> column.getBinaryVal().getValues();
		};
	}

	private TOperationHandle remember(TOperationHandle handle) {
		if (handle != null && handle.getOperationType() != null
				&& handle.getOperationType() != TOperationType.UNKNOWN) {
			operationTypes.put(key(handle), handle.getOperationType());
		}
		return handle;
	}

	private void restoreType(TOperationHandle handle) {
		if (handle != null && (handle.getOperationType() == null || handle.getOperationType() == TOperationType.UNKNOWN)) {
			TOperationType type = operationTypes.get(key(handle));
			if (type != null) {
				handle.setOperationType(type);
			}
		}
	}

	private void forget(TOperationHandle handle) {
		String key = key(handle);
		operationTypes.remove(key);
		lookahead.remove(key);
		metadata.remove(key);
	}

	private static String key(TOperationHandle handle) {
		return HexFormat.of().formatHex(handle.getOperationId().getGuid());
	}

	@Override
	public TExecuteStatementResp ExecuteStatement(TExecuteStatementReq req) throws TException {
		TExecuteStatementResp resp = spark.ExecuteStatement(req);
		remember(resp.getOperationHandle());
		return resp;
	}

	@Override
	public TGetOperationStatusResp GetOperationStatus(TGetOperationStatusReq req) throws TException {
		restoreType(req.getOperationHandle());
		return spark.GetOperationStatus(req);
	}

	@Override
	public TCancelOperationResp CancelOperation(TCancelOperationReq req) throws TException {
		restoreType(req.getOperationHandle());
		return spark.CancelOperation(req);
	}

	@Override
	public TCloseOperationResp CloseOperation(TCloseOperationReq req) throws TException {
		restoreType(req.getOperationHandle());
		try {
			return spark.CloseOperation(req);
		}
		finally {
			forget(req.getOperationHandle());
		}
	}

	@Override
	public TGetResultSetMetadataResp GetResultSetMetadata(TGetResultSetMetadataReq req) throws TException {
		restoreType(req.getOperationHandle());
		return spark.GetResultSetMetadata(req);
	}

	@Override
	public TGetQueryIdResp GetQueryId(TGetQueryIdReq req) throws TException {
		restoreType(req.getOperationHandle());
		return spark.GetQueryId(req);
	}

	@Override
	public TOpenSessionResp OpenSession(TOpenSessionReq req) throws TException {
		return spark.OpenSession(req);
	}

	@Override
	public TCloseSessionResp CloseSession(TCloseSessionReq req) throws TException {
		return spark.CloseSession(req);
	}

	@Override
	public TGetInfoResp GetInfo(TGetInfoReq req) throws TException {
		return spark.GetInfo(req);
	}

	@Override
	public TGetTypeInfoResp GetTypeInfo(TGetTypeInfoReq req) throws TException {
		TGetTypeInfoResp resp = spark.GetTypeInfo(req);
		remember(resp.getOperationHandle());
		return resp;
	}

	@Override
	public TGetCatalogsResp GetCatalogs(TGetCatalogsReq req) throws TException {
		TGetCatalogsResp resp = spark.GetCatalogs(req);
		remember(resp.getOperationHandle());
		return resp;
	}

	@Override
	public TGetSchemasResp GetSchemas(TGetSchemasReq req) throws TException {
		TGetSchemasResp resp = spark.GetSchemas(req);
		remember(resp.getOperationHandle());
		return resp;
	}

	@Override
	public TGetTablesResp GetTables(TGetTablesReq req) throws TException {
		TGetTablesResp resp = spark.GetTables(req);
		remember(resp.getOperationHandle());
		return resp;
	}

	@Override
	public TGetTableTypesResp GetTableTypes(TGetTableTypesReq req) throws TException {
		TGetTableTypesResp resp = spark.GetTableTypes(req);
		remember(resp.getOperationHandle());
		return resp;
	}

	@Override
	public TGetColumnsResp GetColumns(TGetColumnsReq req) throws TException {
		TGetColumnsResp resp = spark.GetColumns(req);
		remember(resp.getOperationHandle());
		return resp;
	}

	@Override
	public TGetFunctionsResp GetFunctions(TGetFunctionsReq req) throws TException {
		TGetFunctionsResp resp = spark.GetFunctions(req);
		remember(resp.getOperationHandle());
		return resp;
	}

	@Override
	public TGetPrimaryKeysResp GetPrimaryKeys(TGetPrimaryKeysReq req) throws TException {
		TGetPrimaryKeysResp resp = spark.GetPrimaryKeys(req);
		remember(resp.getOperationHandle());
		return resp;
	}

	@Override
	public TGetCrossReferenceResp GetCrossReference(TGetCrossReferenceReq req) throws TException {
		TGetCrossReferenceResp resp = spark.GetCrossReference(req);
		remember(resp.getOperationHandle());
		return resp;
	}

	@Override
	public TGetDelegationTokenResp GetDelegationToken(TGetDelegationTokenReq req) throws TException {
		return spark.GetDelegationToken(req);
	}

	@Override
	public TCancelDelegationTokenResp CancelDelegationToken(TCancelDelegationTokenReq req) throws TException {
		return spark.CancelDelegationToken(req);
	}

	@Override
	public TRenewDelegationTokenResp RenewDelegationToken(TRenewDelegationTokenReq req) throws TException {
		return spark.RenewDelegationToken(req);
	}

	@Override
	public TSetClientInfoResp SetClientInfo(TSetClientInfoReq req) throws TException {
		return spark.SetClientInfo(req);
	}

}
