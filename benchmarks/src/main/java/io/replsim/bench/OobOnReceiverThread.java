package io.replsim.bench;

import org.jgroups.Message;
import org.jgroups.util.MaxOneThreadPerSender;
import org.jgroups.util.MessageBatch;

/**
 * A JGroups message processing policy for {@link JGroupsRequestBenchmark}: OOB messages (replsim's requests and their
 * responses) are handled on the thread that read them off the socket instead of being handed to the transport's
 * thread pool; regular ones as JGroups' default does. It takes one hand-off per direction out of a sync request, at
 * the price of a receiver that reads nothing else while a request is applied.
 */
public final class OobOnReceiverThread extends MaxOneThreadPerSender {
    @Override
    public boolean process(Message msg, boolean oob) {
        if (!oob) {
            return super.process(msg, oob);
        }
        tp.passMessageUp(msg, true, msg.getDest() == null, true);
        return true;
    }

    @Override
    public boolean process(MessageBatch batch, boolean oob) {
        if (!oob) {
            return super.process(batch, oob);
        }
        new BatchHandler(batch, false).run();
        return true;
    }
}
