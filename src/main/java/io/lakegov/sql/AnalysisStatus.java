package io.lakegov.sql;

/** How far the analyser understood a text: fully, some of its statements, or not at all. */
public enum AnalysisStatus {
    ANALYZED, PARTIAL, UNANALYZABLE
}
