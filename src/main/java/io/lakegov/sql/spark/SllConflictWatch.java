package io.lakegov.sql.spark;

import org.antlr.v4.runtime.Parser;
import org.antlr.v4.runtime.atn.ATN;
import org.antlr.v4.runtime.atn.ParserATNSimulator;
import org.antlr.v4.runtime.atn.PredictionContextCache;
import org.antlr.v4.runtime.dfa.DFA;
import org.antlr.v4.runtime.dfa.DFAState;

/**
 * Prediction that remembers whether SLL ever settled a conflict by taking the lowest alternative. That is the
 * only point where full LL prediction decides differently: every other step both modes take from the same
 * shared DFA states. So when an SLL parse fails without such a guess, an LL parse would make the same choices and
 * fail at the same token, and need not be run. Most statements a grammar rejects are rejected that way, and the
 * LL retry costs as much as several successful parses.
 */
final class SllConflictWatch extends ParserATNSimulator {

    private boolean guessed;

    SllConflictWatch(Parser parser, ATN atn, DFA[] decisionToDfa, PredictionContextCache sharedContextCache) {
        super(parser, atn, decisionToDfa, sharedContextCache);
    }

    /** True when some prediction so far ended in a state where SLL could not tell the alternatives apart. */
    boolean sllGuessed() {
        return guessed;
    }

    @Override
    protected DFAState getExistingTargetState(DFAState previousD, int t) {
        DFAState state = super.getExistingTargetState(previousD, t);
        if (state != null && state.requiresFullContext) {
            guessed = true;
        }
        return state;
    }

    @Override
    protected DFAState computeTargetState(DFA dfa, DFAState previousD, int t) {
        DFAState state = super.computeTargetState(dfa, previousD, t);
        if (state.requiresFullContext) {
            guessed = true;
        }
        return state;
    }
}
