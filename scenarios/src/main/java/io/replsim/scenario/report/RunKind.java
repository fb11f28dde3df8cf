package io.replsim.scenario.report;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What made a directory under runs/, told by the file only that kind writes: {@code replsim report} re-renders a
 * drill's ({@code replsim run}) from it, and a capacity search's and a comparison's from their own files (the
 * command tells them by their capacity.csv and compare.json first); the others are named so a reader knows where
 * their figures are.
 */
enum RunKind {
    SOAK("soak.json", "a soak's (replsim soak)", "each of its runs under runs/ is a drill's directory to re-render");

    private final String file;
    private final String whose;
    private final String instead;

    RunKind(String file, String whose, String instead) {
        this.file = file;
        this.whose = whose;
        this.instead = instead;
    }

    /** Refuses a directory another command made, naming it and the kinds that are re-rendered. */
    static void refuseOtherThanDrill(Path directory) throws UnreadableRunException {
        for (RunKind kind : values()) {
            if (Files.exists(directory.resolve(kind.file))) {
                throw new UnreadableRunException(directory + " is " + kind.whose + " directory (it holds " + kind.file
                        + "): replsim report re-renders a drill's directory, one replsim run made; " + kind.instead);
            }
        }
    }
}
