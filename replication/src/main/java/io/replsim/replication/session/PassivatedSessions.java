package io.replsim.replication.session;

import io.replsim.replication.NodeId;
import io.replsim.replication.SessionId;
import io.replsim.replication.marshalling.MessageMarshaller;
import io.replsim.replication.marshalling.RejectedMessageException;
import io.replsim.replication.message.SessionSnapshot;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The sessions a node moved out of memory (passivation), owned ones and replicas alike, one file each in a directory of the node's, written in
 * the replication wire format and read back through the same allow-list deserialization filter as a replica from
 * another member: a file on disk is trusted no more than the network. The index in memory says what is passivated
 * (each session's version and last access), so a lookup never touches the disk for a session that is not there.
 */
public final class PassivatedSessions {
    /**
     * What the index keeps of a passivated session: enough to expire it, refuse an older copy, or tell an owned
     * session from a replica without reading it.
     */
    record Entry(long version, long lastAccessEpochMs, NodeId owner) {
    }

    private final Path directory;
    private final MessageMarshaller marshaller;
    private final ConcurrentHashMap<SessionId, Entry> index = new ConcurrentHashMap<>();
    private final LongAdder unreadable = new LongAdder();

    private PassivatedSessions(Path directory, MessageMarshaller marshaller) {
        this.directory = directory;
        this.marshaller = marshaller;
    }

    /** A store in {@code directory}, made if missing; what it held before (an earlier run's files) is removed. */
    public static PassivatedSessions in(Path directory) throws IOException {
        Objects.requireNonNull(directory, "directory");
        Files.createDirectories(directory);
        try (var old = Files.list(directory)) {
            for (Path file : old.filter(path -> path.toString().endsWith(".session")).toList()) {
                Files.delete(file);
            }
        }
        return new PassivatedSessions(directory, MessageMarshaller.standard());
    }

    void write(SessionSnapshot snapshot) throws IOException {
        Path file = fileOf(snapshot.id());
        Path partial = directory.resolve(file.getFileName() + ".partial");
        Files.write(partial, marshaller.marshal(snapshot));
        // Renamed into place, so a crash mid-write never leaves a half file under the session's name.
        Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        index.put(snapshot.id(), new Entry(snapshot.version(), snapshot.lastAccessEpochMs(), snapshot.owner()));
    }

    boolean holds(SessionId id) {
        return index.containsKey(id);
    }

    Optional<Entry> entry(SessionId id) {
        return Optional.ofNullable(index.get(id));
    }

    /** The passivated sessions' ids now, for a sweep. */
    List<SessionId> ids() {
        return List.copyOf(index.keySet());
    }

    /**
     * The session read back, left passivated; empty when it is not passivated, or when its file cannot be read or
     * is refused by the deserialization filter (then it is dropped and counted {@link #unreadable()}).
     */
    Optional<SessionSnapshot> read(SessionId id) {
        if (!index.containsKey(id)) {
            return Optional.empty();
        }
        Optional<SessionSnapshot> snapshot = readFile(id);
        if (snapshot.isEmpty()) {
            discard(id);
        }
        return snapshot;
    }

    /**
     * The session read back and no longer passivated (activation); empty as for {@link #read}. Out of the index
     * first, so a second caller for the same session finds nothing to activate.
     */
    Optional<SessionSnapshot> take(SessionId id) {
        if (index.remove(id) == null) {
            return Optional.empty();
        }
        Optional<SessionSnapshot> snapshot = readFile(id);
        discard(id);
        return snapshot;
    }

    private Optional<SessionSnapshot> readFile(SessionId id) {
        try {
            return Optional.of(marshaller.unmarshal(Files.readAllBytes(fileOf(id)), SessionSnapshot.class));
        } catch (IOException | RejectedMessageException e) {
            unreadable.increment();
            return Optional.empty();
        }
    }

    /** Forgets the session and deletes its file. */
    void discard(SessionId id) {
        index.remove(id);
        try {
            Files.deleteIfExists(fileOf(id));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete the passivated session " + id + " in " + directory, e);
        }
    }

    /** How many sessions are passivated now. */
    public int size() {
        return index.size();
    }

    /** Passivated sessions dropped because their file could not be read back or was refused. */
    public long unreadable() {
        return unreadable.sum();
    }

    /** The file name is the id's bytes in hex: an id may come from a cookie, and no id names a path. */
    private Path fileOf(SessionId id) {
        return directory.resolve(HexFormat.of().formatHex(id.value().getBytes(StandardCharsets.UTF_8)) + ".session");
    }
}
