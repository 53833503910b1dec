package io.lakegov.sql.spark;

import io.lakegov.sql.Deadline;
import org.antlr.v4.runtime.Parser;
import org.antlr.v4.runtime.atn.ATN;
import org.antlr.v4.runtime.atn.ATNConfig;
import org.antlr.v4.runtime.atn.ATNConfigSet;
import org.antlr.v4.runtime.atn.ParserATNSimulator;
import org.antlr.v4.runtime.atn.PredictionContextCache;
import org.antlr.v4.runtime.atn.Transition;
import org.antlr.v4.runtime.dfa.DFA;
import org.antlr.v4.runtime.dfa.DFAState;

/**
 * Prediction that remembers whether SLL ever settled a conflict by taking the lowest alternative. That is the
 * only point where full LL prediction decides differently: every other step both modes take from the same
 * shared DFA states. So when an SLL parse fails without such a guess, an LL parse would make the same choices and
 * fail at the same token, and need not be run. Most statements a grammar rejects are rejected that way, and the
 * LL retry costs as much as several successful parses.
 * <p>
 * It also keeps prediction within the analysis' time budget. Prediction enters no rule, and on some inputs one
 * decision looks ahead through closures that grow without end; the budget is checked on every closure step
 * and every reach set computed, so such a decision stops like a runaway parse does.
 */
final class SllConflictWatch extends ParserATNSimulator {

    private final Deadline deadline;

    private boolean guessed;

    SllConflictWatch(Parser parser, ATN atn, DFA[] decisionToDfa, PredictionContextCache sharedContextCache,
            Deadline deadline) {
        super(parser, atn, decisionToDfa, sharedContextCache);
        this.deadline = deadline;
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
    protected ATNConfigSet computeReachSet(ATNConfigSet closure, int t, boolean fullCtx) {
        deadline.tick();
        return super.computeReachSet(closure, t, fullCtx);
    }

    @Override
    protected ATNConfig getEpsilonTarget(ATNConfig config, Transition t, boolean collectPredicates, boolean inContext,
            boolean fullCtx, boolean treatEofAsEpsilon) {
        deadline.tick();
        return super.getEpsilonTarget(config, t, collectPredicates, inContext, fullCtx, treatEofAsEpsilon);
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
