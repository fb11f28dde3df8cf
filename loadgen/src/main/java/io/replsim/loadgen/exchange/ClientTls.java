package io.replsim.loadgen.exchange;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import java.security.NoSuchAlgorithmException;
import java.util.Objects;

/**
 * How the event loop's connections to {@code https} nodes speak TLS: the context their engines come from, the
 * certificates it trusts.
 *
 * @param context where each connection's {@link SSLEngine} comes from
 */
public record ClientTls(SSLContext context) {

    public ClientTls {
        Objects.requireNonNull(context, "context");
    }

    /**
     * The JVM's default context and trust store ({@code javax.net.ssl.trustStore}, else the JDK's cacerts): the
     * one the blocking client's {@code SSLSocketFactory.getDefault()} is made from, so both runtimes trust the same
     * nodes.
     */
    public static ClientTls jvmDefault() {
        try {
            return new ClientTls(SSLContext.getDefault());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JVM's default TLS context cannot be made (check the"
                    + " javax.net.ssl.* system properties): " + e, e);
        }
    }

    /**
     * A client engine for a node at {@code host} and {@code port}. As the blocking client's socket from
     * {@code SSLSocketFactory.getDefault().createSocket()}: client mode, the peer's host and port known to the engine
     * (for SNI and session reuse), and no endpoint identification algorithm set, so the node's certificate chain must
     * be trusted but its names are not matched against the host; a driver aimed at 127.0.0.1 or a node's address
     * would otherwise refuse certificates made for the nodes' names.
     */
    SSLEngine engineFor(String host, int port) {
        SSLEngine engine = context.createSSLEngine(host, port);
        engine.setUseClientMode(true);
        return engine;
    }
}
