package io.lakegov.usage.bench;

import java.util.Arrays;
import java.util.SplittableRandom;

/** Draws 0..n-1 with probability proportional to 1/(rank+1)^s: a few hot items, a long tail. */
final class Zipf {

	private final double[] cumulative;

	Zipf(int n, double s) {
		cumulative = new double[n];
		double sum = 0;
		for (int i = 0; i < n; i++) {
			sum += 1 / Math.pow(i + 1, s);
			cumulative[i] = sum;
		}
		for (int i = 0; i < n; i++) {
			cumulative[i] /= sum;
		}
	}

	int next(SplittableRandom random) {
		int at = Arrays.binarySearch(cumulative, random.nextDouble());
		return Math.min(at < 0 ? -at - 1 : at, cumulative.length - 1);
	}

}
