package io.replsim.scenario.provenance;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Bakes the checkout's commit and dirty state into the jar the launcher just built ({@link ReplsimBuild#RESOURCE}),
 * so that every figure the jar makes names them however the jar is copied or run: {@code BuildStamp <checkout>
 * <jar>}. Uses the JDK alone, since it runs on the jar without its dependencies.
 */
public final class BuildStamp {

    private BuildStamp() {
    }

    public static void main(String[] args) {
        if (args.length != 2) {
            System.err.println("usage: BuildStamp <checkout> <jar>");
            System.exit(2);
        }
        try {
            ReplsimBuild build = bake(Path.of(args[0]), Path.of(args[1]));
            if (build.commit().equals(ReplsimBuild.UNKNOWN)) {
                System.err.println("replsim: the build names no commit: " + build.source());
            }
        } catch (IOException e) {
            System.err.println("replsim: cannot bake the commit into " + args[1] + ": " + e.getMessage()
                    + "; its figures will say the commit is unknown");
            System.exit(1);
        }
    }

    /** Writes what git says of {@code checkout} into {@code jar}, over what an earlier build baked. */
    static ReplsimBuild bake(Path checkout, Path jar) throws IOException {
        ReplsimBuild build = ReplsimBuild.ofCheckout(checkout);
        try (FileSystem zip = FileSystems.newFileSystem(URI.create("jar:" + jar.toAbsolutePath().toUri()), Map.of())) {
            Path entry = zip.getPath(ReplsimBuild.RESOURCE);
            Files.createDirectories(entry.getParent());
            try (OutputStream out = Files.newOutputStream(entry)) {
                build.toProperties().store(out, "baked by the replsim launcher");
            }
        }
        return build;
    }
}
