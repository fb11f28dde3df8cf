package io.replsim.scenario.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Debian's {@code chromium}, headless, opening one local page as a reader would: the DOM it built, every console
 * message it logged (as {@code CONSOLE} lines of its log) and a screenshot of the page. Each look is one browser
 * process, bounded in time and ended before it returns; nothing is fetched (the pages are files).
 */
record HeadlessChromium(Path executable) {
    private static final long DEADLINE_SECONDS = 60;

    /** The first {@code chromium} on PATH; empty when none. */
    static Optional<HeadlessChromium> onPath() {
        String path = System.getenv().getOrDefault("PATH", "");
        return Stream.of(path.split(":")).filter(dir -> !dir.isEmpty()).map(dir -> Path.of(dir, "chromium"))
                .filter(Files::isExecutable).findFirst().map(HeadlessChromium::new);
    }

    /**
     * What the browser saw of a page: its DOM after load, its console messages and the screenshot's file. Chromium
     * logs every console message at one level (an uncaught script error, a resource that failed to load, a
     * console.error alike), and replsim's pages have no script, so any message at all is a fault of the page.
     */
    record Look(String dom, List<String> console, Path screenshot) {
    }

    /** Opens {@code page} at 1280 px wide; the screenshot is {@code screenshot} (a PNG). */
    Look open(Path page, Path screenshot, Path work) throws IOException, InterruptedException {
        Files.createDirectories(screenshot.toAbsolutePath().getParent());
        Path profile = Files.createTempDirectory(work, "chromium-profile");
        List<String> common = List.of(executable.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--no-first-run", "--user-data-dir=" + profile.toAbsolutePath(), "--enable-logging=stderr",
                "--log-level=0", "--window-size=1280,2600");
        String url = page.toAbsolutePath().toUri().toString();
        Run dom = run(append(common, "--dump-dom", url), work, "dom");
        Run shot = run(append(common, "--screenshot=" + screenshot.toAbsolutePath(), url), work, "screenshot");
        List<String> console = new ArrayList<>();
        Stream.of(dom.log(), shot.log()).flatMap(String::lines).filter(line -> line.contains("CONSOLE"))
                .forEach(console::add);
        if (!Files.isRegularFile(screenshot)) {
            throw new IllegalStateException("chromium wrote no screenshot of " + page + ": " + shot.log());
        }
        return new Look(dom.out(), console, screenshot);
    }

    private record Run(String out, String log) {}

    private Run run(List<String> command, Path work, String name) throws IOException, InterruptedException {
        Path out = work.resolve(name + ".out");
        Path log = work.resolve(name + ".log");
        Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(log.toFile())
                .start();
        try {
            if (!process.waitFor(DEADLINE_SECONDS, TimeUnit.SECONDS)) {
                throw new IllegalStateException("chromium did not finish " + name + " within " + DEADLINE_SECONDS
                        + " s: " + command);
            }
        } finally {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
        return new Run(Files.readString(out, StandardCharsets.UTF_8), Files.readString(log, StandardCharsets.UTF_8));
    }

    private static List<String> append(List<String> common, String... more) {
        List<String> all = new ArrayList<>(common);
        all.addAll(List.of(more));
        return all;
    }
}
