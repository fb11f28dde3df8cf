package io.replsim.bench.floor;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ThreadRoleTest {

    @Test
    void tellsANodesThreadsApartByTheirKernelNames() {
        assertThat(ThreadRole.of("XNIO-1 task-12")).isEqualTo(ThreadRole.REQUEST);
        assertThat(ThreadRole.of("XNIO-1 I/O-1")).isEqualTo(ThreadRole.REQUEST);
        assertThat(ThreadRole.of("stream-in-node1")).isEqualTo(ThreadRole.STREAM);
        assertThat(ThreadRole.of("C2 CompilerThre")).isEqualTo(ThreadRole.JIT);
        assertThat(ThreadRole.of("C1 CompilerThre")).isEqualTo(ThreadRole.JIT);
        assertThat(ThreadRole.of("GC Thread#0")).isEqualTo(ThreadRole.GC);
        assertThat(ThreadRole.of("G1 Conc#0")).isEqualTo(ThreadRole.GC);
        assertThat(ThreadRole.of("VM Thread")).isEqualTo(ThreadRole.GC);
        assertThat(ThreadRole.of("jgroups-5,repl")).isEqualTo(ThreadRole.OTHER);
        assertThat(ThreadRole.of("stream-deadline")).isEqualTo(ThreadRole.OTHER);
        assertThat(ThreadRole.of("cpu-sampler")).isEqualTo(ThreadRole.OTHER);
    }
}
