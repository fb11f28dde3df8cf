package io.replsim.loadgen.user;

import io.replsim.loadgen.exchange.BlockingClient;

import java.time.Duration;

/**
 * Runs one {@link VirtualUser} on a thread of its own (a virtual one in the driver): each request blocks the
 * thread until its answer, each pause sleeps it. An interrupt stops the user where it is; a request it interrupts
 * is not counted.
 */
public final class UserThread implements Runnable {

    private final VirtualUser user;
    private final BlockingClient client;

    public UserThread(VirtualUser user, BlockingClient client) {
        this.user = user;
        this.client = client;
    }

    @Override
    public void run() {
        try {
            UserAction action = user.start();
            while (!Thread.currentThread().isInterrupted()) {
                switch (action) {
                    case UserAction.Send send -> action = user.answered(client.get(send.node(), send.path(),
                            send.cookie(), send.requestId(), send.timeout()));
                    case UserAction.Pause pause -> {
                        sleepUntil(pause.untilNanos());
                        action = user.woke(System.nanoTime());
                    }
                    case UserAction.Stop stop -> {
                        return;
                    }
                }
            }
        } catch (InterruptedException stop) {
            // close(): the user stops where it is
        } finally {
            user.stopped(System.nanoTime());
        }
    }

    private static void sleepUntil(long wakeNanos) throws InterruptedException {
        long remaining = wakeNanos - System.nanoTime();
        if (remaining > 0) {
            Thread.sleep(Duration.ofNanos(remaining));
        }
    }
}
