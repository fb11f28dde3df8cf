package io.replsim.bench.floor;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class MachineDescriptionTest {

    @Test
    void theProcessorIsCpuInfosFirstModelName() {
        List<String> cpuInfo = List.of("processor\t: 0", "vendor_id\t: GenuineIntel", "model\t\t: 85",
                "model name\t: Intel(R) Xeon(R) Processor @ 2.60GHz", "processor\t: 1",
                "model name\t: Intel(R) Xeon(R) Processor @ 2.60GHz");

        assertThat(MachineDescription.processorIn(cpuInfo)).isEqualTo("Intel(R) Xeon(R) Processor @ 2.60GHz");
    }

    @Test
    void cpuInfoWithoutAModelNameSaysSo() {
        assertThat(MachineDescription.processorIn(List.of("processor\t: 0", "model\t\t: 85")))
                .isEqualTo("unknown processor");
    }

    @Test
    void theLineNamesProcessorCountAndKernel() {
        assertThat(new MachineDescription("Xeon", 2, "Linux 6.18.44").toString()).isEqualTo("Xeon × 2, Linux 6.18.44");
    }
}
