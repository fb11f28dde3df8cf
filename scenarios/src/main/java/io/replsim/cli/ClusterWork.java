package io.replsim.cli;

import io.replsim.scenario.runtime.ClusterStartException;
import java.io.IOException;

/**
 * A command's work on a cluster, and how its breaking becomes one line and an exit code. Whatever the work
 * started is already stopped when it throws: the runtimes stop their nodes in close().
 */
final class ClusterWork {

    @FunctionalInterface
    interface Body {
        int run() throws ClusterStartException, IOException, InterruptedException;
    }

    private ClusterWork() {
    }

    /** {@code what} names the work in the message, e.g. "run" or "capacity run". */
    static int exitCode(String what, Body body) {
        try {
            return body.run();
        } catch (ClusterStartException e) {
            System.err.println("replsim: the cluster did not come up: " + e.getMessage());
        } catch (IOException e) {
            System.err.println("replsim: the " + what + " broke: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            System.err.println("replsim: interrupted; every node started was stopped");
        }
        return ReplsimCommand.RUN_BROKE;
    }
}
