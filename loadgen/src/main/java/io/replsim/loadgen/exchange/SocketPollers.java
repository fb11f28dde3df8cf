package io.replsim.loadgen.exchange;

import java.util.Locale;
import java.util.Optional;

/**
 * Which threads wake a virtual user whose socket has become readable, as the JVM was started ({@code
 * -Djdk.pollerMode}; it cannot change once a virtual thread has used a socket).
 *
 * <p>JDK 25's default on Linux is {@link #VIRTUAL_THREADS}: two sub-pollers that are virtual threads themselves and
 * yield after every poll, so each poll waits behind every runnable user on the same two carriers. With 20,000 users
 * at 1 s think on 2 cores that starved them: answers lay unread in 5,000-14,000 of the driver's sockets for
 * seconds while its CPU stayed at 20-40%, requests ran past their 5 s timeout, and the run collapsed (3,429 req/s
 * of 20,000). The same run with {@link #PLATFORM_THREADS} ({@code -Djdk.pollerMode=1}, pollers blocked in epoll that
 * unpark users at once) was valid at 18,860 req/s (docs/capacity.md). The launchers start the driver that way.
 */
public enum SocketPollers {
    /** {@code -Djdk.pollerMode=1}: platform threads blocked in the OS's poll unpark each ready user at once. */
    PLATFORM_THREADS,
    /** {@code -Djdk.pollerMode=2}, or the property unset: virtual sub-pollers scheduled among the users. */
    VIRTUAL_THREADS;

    static final String PROPERTY = "jdk.pollerMode";
    /** The flag that selects {@link #PLATFORM_THREADS}. */
    public static final String PLATFORM_FLAG = "-D" + PROPERTY + "=1";
    /**
     * Users from which the virtual sub-pollers are worth a warning: 10,000 users ran valid with them, 20,000 did
     * not; the warning comes well before, since a slow answer costs a run its validity.
     */
    public static final int MANY_USERS = 2_000;

    /** The mode the JDK reads from the property's value ({@code null}: unset). */
    public static SocketPollers of(String propertyValue) {
        if (propertyValue == null) {
            return VIRTUAL_THREADS;
        }
        String value = propertyValue.trim().toUpperCase(Locale.ROOT);
        return value.equals("1") || value.equals("SYSTEM_THREADS") ? PLATFORM_THREADS : VIRTUAL_THREADS;
    }

    /** The mode this JVM was started with. */
    public static SocketPollers current() {
        return of(System.getProperty(PROPERTY));
    }

    /** What to tell the user before a run of {@code users} in this mode; empty when nothing. */
    public Optional<String> warningFor(int users) {
        if (this == PLATFORM_THREADS || users < MANY_USERS) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "%,d users with the JVM's virtual-thread socket pollers (%s"
                + " unset or 2): at thousands of users these wake readers late, which shows as slow answers and"
                + " an invalid run; start the JVM with %s (./replsim and benchmarks/driver do)", users, PROPERTY,
                PLATFORM_FLAG));
    }
}
