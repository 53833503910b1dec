package io.lakegov.catalog;

/**
 * What one inventory sync changed.
 *
 * @param tables tables present in the source
 * @param appeared tables that appeared (including renamed ones under their new name)
 * @param vanished tables that vanished (dropped, or renamed away)
 * @param renamed tables that reappeared under a new name at the same storage path
 * @param changed tables whose attributes changed
 * @param viewDefinitions view definitions that appeared, changed or vanished (0 when the source has none)
 */
public record CatalogSyncResult(int tables, int appeared, int vanished, int renamed, int changed,
		int viewDefinitions) {

}
