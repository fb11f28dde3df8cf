package io.replsim.tomcat;

import java.nio.file.Files;
import java.util.concurrent.CountDownLatch;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.ha.tcp.SimpleTcpCluster;
import org.apache.catalina.startup.ContextConfig;
import org.apache.catalina.startup.Tomcat;

/**
 * One embedded Apache Tomcat 11 member of a replsim Tomcat cluster: the probe WAR deployed at /replsim-probe, the
 * member's jvmRoute its name, a SimpleTcpCluster with static membership on loopback ({@link TribesCluster}), and a
 * read-only status page for the runner ({@link TomcatAdmin}). Prints {@code REPLSIM-TOMCAT-READY name=.. http=..
 * admin=..} once it serves; SIGTERM stops Tomcat gracefully (the member leaves), SIGKILL is a crash.
 *
 * <p>Exit codes as a replsim node's: 1 could not start, 2 bad argument or no {@code REPLSIM_ADMIN_TOKEN}, 3 the
 * {@code --parent-pid} process is gone.
 */
public final class TomcatNodeMain {
    public static final String CONTEXT_PATH = "/replsim-probe";

    private TomcatNodeMain() {
    }

    public static void main(String[] argv) throws Exception {
        TomcatNodeArguments args;
        try {
            args = TomcatNodeArguments.parse(argv);
        } catch (IllegalArgumentException e) {
            System.err.println("replsim-tomcat: " + e.getMessage());
            System.exit(2);
            return;
        }
        String token = System.getenv("REPLSIM_ADMIN_TOKEN");
        if (token == null || token.isBlank()) {
            System.err.println("replsim-tomcat: no REPLSIM_ADMIN_TOKEN in the environment: the status page needs it");
            System.exit(2);
            return;
        }
        args.parentPid().ifPresent(TomcatNodeMain::exitWithParent);
        // the probe reports this as its node's route; Tomcat's engine reads the same property
        System.setProperty("jvmRoute", args.name());
        Files.createDirectories(args.workDir().resolve("webapps"));

        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(args.workDir().toAbsolutePath().toString());
        tomcat.getHost().setAutoDeploy(false);
        Connector connector = new Connector("HTTP/1.1");
        connector.setPort(args.httpPort());
        connector.setProperty("address", args.bind());
        connector.setProperty("maxThreads", Integer.toString(args.workers()));
        tomcat.getService().addConnector(connector);
        tomcat.setConnector(connector);
        tomcat.getEngine().setJvmRoute(args.name());
        SimpleTcpCluster cluster = TribesCluster.of(args);
        tomcat.getEngine().setCluster(cluster);
        // Tomcat's default web.xml would add the JSP servlet, whose Jasper is not here: the WAR's own web.xml (with
        // <distributable/>) is all there is
        tomcat.setAddDefaultWebXmlToWebapp(false);
        ContextConfig config = new ContextConfig();
        config.setDefaultWebXml(tomcat.noDefaultWebXmlPath());
        Context context = tomcat.addWebapp(tomcat.getHost(), CONTEXT_PATH, args.war().toAbsolutePath().toString(),
                config);
        try {
            tomcat.start();
        } catch (LifecycleException e) {
            System.err.println("replsim-tomcat: Tomcat did not start: " + e);
            Runtime.getRuntime().halt(1);
        }
        if (!context.getState().isAvailable() || !context.getDistributable()) {
            System.err.println("replsim-tomcat: " + args.war() + " did not start as a distributable web application"
                    + " (state " + context.getState() + ", distributable " + context.getDistributable() + ")");
            Runtime.getRuntime().halt(1);
        }
        TomcatAdmin admin = new TomcatAdmin(args, token, cluster, context);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            admin.close();
            try {
                tomcat.stop();
                tomcat.destroy();
            } catch (LifecycleException e) {
                System.err.println("replsim-tomcat: stopping: " + e);
            }
        }, "replsim-tomcat-stop"));
        System.out.println("REPLSIM-TOMCAT-READY name=" + args.name() + " http=" + args.httpPort() + " admin="
                + args.adminPort() + " manager=" + context.getManager().getClass().getSimpleName());
        new CountDownLatch(1).await();
    }

    private static void exitWithParent(long pid) {
        var parent = ProcessHandle.of(pid);
        if (parent.isEmpty()) {
            System.err.println("replsim-tomcat: the parent process " + pid + " is gone");
            Runtime.getRuntime().halt(3);
        }
        parent.get().onExit().thenRun(() -> Runtime.getRuntime().halt(3));
    }
}
