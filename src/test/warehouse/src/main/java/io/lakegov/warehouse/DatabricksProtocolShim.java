package io.lakegov.warehouse;

import org.apache.hive.service.rpc.thrift.TGetResultSetMetadataResp;
import org.apache.hive.service.rpc.thrift.TProtocolVersion;
import org.apache.thrift.TException;
import org.apache.thrift.protocol.TField;
import org.apache.thrift.protocol.TMessage;
import org.apache.thrift.protocol.TMessageType;
import org.apache.thrift.protocol.TProtocol;
import org.apache.thrift.protocol.TProtocolDecorator;
import org.apache.thrift.protocol.TStruct;
import org.apache.thrift.protocol.TType;

/**
 * Rewrites the few wire values where the Databricks drivers and Spark's Thrift server disagree, at the
 * protocol level, so the generated classes of both sides stay as they are.
 * <ul>
 * <li>In {@code OpenSession} requests, a client protocol the server does not know (the 3.x driver sends
 * -7 and its real version in an extension field) reads as the newest version the server knows.</li>
 * <li>In {@code OpenSession} replies, the server protocol is Databricks'
 * {@code SPARK_CLI_SERVICE_PROTOCOL_V1}: the drivers refuse a server below it. Higher Spark versions
 * would ask for cloud fetch, Arrow metadata and native parameters, which Spark lacks.</li>
 * <li>In {@code FetchResults} replies, the operation's result metadata is added as Databricks' extension
 * field {@code resultSetMetadata} (the 3.x driver reads it from every fetch).</li>
 * </ul>
 * One instance reads or writes one message; it is not shared between threads.
 */
final class DatabricksProtocolShim extends TProtocolDecorator {

	/** Databricks' {@code TProtocolVersion.SPARK_CLI_SERVICE_PROTOCOL_V1}. */
	static final int SPARK_CLI_SERVICE_PROTOCOL_V1 = 0xA501;

	/** Databricks' extension field of {@code TFetchResultsResp} holding the result metadata. */
	static final short RESULT_SET_METADATA_FIELD = 0x501;

	/** Databricks' extension field of {@code TGetResultSetMetadataResp} naming the row set format. */
	static final short RESULT_FORMAT_FIELD = 0x501;

	/** Databricks' {@code TSparkRowSetType.COLUMN_BASED_SET}. */
	static final int COLUMN_BASED_SET = 1;

	private static final int NEWEST_KNOWN_PROTOCOL = TProtocolVersion.values()[TProtocolVersion.values().length - 1]
		.getValue();

	private final ThreadLocal<TGetResultSetMetadataResp> pendingMetadata;

	private String message = "";

	private byte messageType;

	private int depth;

	private short field;

	private byte fieldType;

	DatabricksProtocolShim(TProtocol protocol, ThreadLocal<TGetResultSetMetadataResp> pendingMetadata) {
		super(protocol);
		this.pendingMetadata = pendingMetadata;
	}

	@Override
	public TMessage readMessageBegin() throws TException {
		TMessage begin = super.readMessageBegin();
		message = begin.name;
		messageType = begin.type;
		depth = 0;
		return begin;
	}

	@Override
	public TStruct readStructBegin() throws TException {
		depth++;
		return super.readStructBegin();
	}

	@Override
	public void readStructEnd() throws TException {
		depth--;
		super.readStructEnd();
	}

	@Override
	public TField readFieldBegin() throws TException {
		TField begin = super.readFieldBegin();
		field = begin.id;
		fieldType = begin.type;
		return begin;
	}

	@Override
	public int readI32() throws TException {
		int value = super.readI32();
		// OpenSession_args { 1: TOpenSessionReq req { 1: i32 client_protocol } }
		if (isOpenSession() && messageType == TMessageType.CALL && depth == 2 && field == 1 && fieldType == TType.I32
				&& TProtocolVersion.findByValue(value) == null) {
			return NEWEST_KNOWN_PROTOCOL;
		}
		return value;
	}

	@Override
	public void writeMessageBegin(TMessage begin) throws TException {
		message = begin.name;
		messageType = begin.type;
		depth = 0;
		super.writeMessageBegin(begin);
	}

	@Override
	public void writeStructBegin(TStruct struct) throws TException {
		depth++;
		super.writeStructBegin(struct);
	}

	@Override
	public void writeStructEnd() throws TException {
		depth--;
		super.writeStructEnd();
	}

	@Override
	public void writeFieldBegin(TField begin) throws TException {
		field = begin.id;
		fieldType = begin.type;
		super.writeFieldBegin(begin);
	}

	@Override
	public void writeI32(int value) throws TException {
		// OpenSession_result { 0: TOpenSessionResp success { 2: i32 serverProtocolVersion } }
		if (isOpenSession() && messageType == TMessageType.REPLY && depth == 2 && field == 2) {
			super.writeI32(SPARK_CLI_SERVICE_PROTOCOL_V1);
			return;
		}
		super.writeI32(value);
	}

	@Override
	public void writeFieldStop() throws TException {
		// FetchResults_result { 0: TFetchResultsResp success { ..., 0x501: resultSetMetadata } }
		if ("FetchResults".equals(message) && messageType == TMessageType.REPLY && depth == 2) {
			TGetResultSetMetadataResp metadata = pendingMetadata.get();
			pendingMetadata.remove();
			if (metadata != null) {
				writeResultSetMetadata(metadata);
			}
		}
		super.writeFieldStop();
	}

	private void writeResultSetMetadata(TGetResultSetMetadataResp metadata) throws TException {
		TProtocol out = this;
		out.writeFieldBegin(new TField("resultSetMetadata", TType.STRUCT, RESULT_SET_METADATA_FIELD));
		out.writeStructBegin(new TStruct("TGetResultSetMetadataResp"));
		out.writeFieldBegin(new TField("status", TType.STRUCT, (short) 1));
		metadata.getStatus().write(out);
		out.writeFieldEnd();
		if (metadata.isSetSchema()) {
			out.writeFieldBegin(new TField("schema", TType.STRUCT, (short) 2));
			metadata.getSchema().write(out);
			out.writeFieldEnd();
		}
		out.writeFieldBegin(new TField("resultFormat", TType.I32, RESULT_FORMAT_FIELD));
		out.writeI32(COLUMN_BASED_SET);
		out.writeFieldEnd();
		out.writeFieldStop();
		out.writeStructEnd();
		out.writeFieldEnd();
	}

	private boolean isOpenSession() {
		return "OpenSession".equals(message);
	}

}
