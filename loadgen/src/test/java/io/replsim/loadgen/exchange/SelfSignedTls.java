package io.replsim.loadgen.exchange;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A self-signed certificate for 127.0.0.1, made at test time by the JDK's keytool, with the TLS contexts of a server
 * that presents it and of a client that trusts it (and nothing else). Made once per test JVM: keytool takes a
 * second. Public for the event loops' tests.
 */
public final class SelfSignedTls {

    private static final char[] PASSWORD = "changeit".toCharArray();
    private static SelfSignedTls made;

    private final SSLContext server;
    private final SSLContext client;

    private SelfSignedTls(SSLContext server, SSLContext client) {
        this.server = server;
        this.client = client;
    }

    /** The certificate, made on the first call. */
    public static synchronized SelfSignedTls forLoopback() throws IOException, GeneralSecurityException,
            InterruptedException {
        if (made == null) {
            made = make();
        }
        return made;
    }

    /** A server's context presenting the certificate. */
    public SSLContext serverContext() {
        return server;
    }

    /** A client that trusts the certificate and nothing else. */
    public ClientTls trustingClient() {
        return new ClientTls(client);
    }

    private static SelfSignedTls make() throws IOException, GeneralSecurityException, InterruptedException {
        Path dir = Files.createTempDirectory("replsim-tls");
        Path store = dir.resolve("node.p12");
        try {
            Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
            Process process = new ProcessBuilder(List.of(keytool.toString(), "-genkeypair", "-keyalg", "EC",
                    "-alias", "node", "-dname", "CN=127.0.0.1", "-ext", "SAN=ip:127.0.0.1", "-validity", "2",
                    "-storetype", "PKCS12", "-keystore", store.toString(), "-storepass", new String(PASSWORD)))
                    .redirectErrorStream(true).start();
            String output;
            try (InputStream out = process.getInputStream()) {
                output = new String(out.readAllBytes(), StandardCharsets.UTF_8);
            }
            if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
                process.destroyForcibly();
                throw new IOException("keytool did not make the test certificate in " + store + ": " + output);
            }
            KeyStore keys = KeyStore.getInstance("PKCS12");
            try (InputStream in = Files.newInputStream(store)) {
                keys.load(in, PASSWORD);
            }
            KeyManagerFactory keyManagers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            keyManagers.init(keys, PASSWORD);
            SSLContext server = SSLContext.getInstance("TLS");
            server.init(keyManagers.getKeyManagers(), null, null);

            KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
            trusted.load(null, null);
            trusted.setCertificateEntry("node", keys.getCertificate("node"));
            TrustManagerFactory trustManagers = TrustManagerFactory.getInstance(
                    TrustManagerFactory.getDefaultAlgorithm());
            trustManagers.init(trusted);
            SSLContext client = SSLContext.getInstance("TLS");
            client.init(null, trustManagers.getTrustManagers(), null);
            return new SelfSignedTls(server, client);
        } finally {
            Files.deleteIfExists(store);
            Files.deleteIfExists(dir);
        }
    }
}
