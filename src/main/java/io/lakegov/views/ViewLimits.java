package io.lakegov.views;

import java.util.List;

/**
 * How far views were followed: views of views are followed to {@code maxDepth} levels and to at most
 * {@code maxPaths} paths, and a path that comes back to a view already on it is refused.
 *
 * @param maxDepth the depth bound
 * @param maxPaths the bound on paths followed from one table
 * @param refusedCycles paths refused because they came back to a view on them ({@code t ← v1 ← v2 ← v1})
 * @param cutAtDepth paths not followed further because they reached the depth bound
 * @param truncated whether paths were left unfollowed because there were more than {@code maxPaths}
 */
public record ViewLimits(int maxDepth, int maxPaths, List<String> refusedCycles, List<String> cutAtDepth,
		boolean truncated) {

	public ViewLimits {
		refusedCycles = List.copyOf(refusedCycles);
		cutAtDepth = List.copyOf(cutAtDepth);
	}

}
