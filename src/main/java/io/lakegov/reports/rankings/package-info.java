/**
 * Rankings, table lists and unused tables, schema totals, a user's tables: the reports across many tables.
 * Their services are the interface {@code rankings} of the reports module, for the pages that show them
 * beside the API.
 */
@NamedInterface("rankings")
package io.lakegov.reports.rankings;

import org.springframework.modulith.NamedInterface;
