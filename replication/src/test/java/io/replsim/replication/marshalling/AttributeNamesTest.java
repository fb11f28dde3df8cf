package io.replsim.replication.marshalling;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class AttributeNamesTest {

    private final AttributeNames names = new AttributeNames();

    private String read(String name) {
        byte[] framed = ("..." + name + "...").getBytes(StandardCharsets.UTF_8);
        return names.read(framed, 3, framed.length - 6);
    }

    @Test
    void aNameReadAgainIsTheSameString() {
        String first = read("cart");

        assertThat(read("cart")).isEqualTo("cart").isSameAs(first);
    }

    @Test
    void everyNameReadsAsItsBytesSayWhenMoreNamesThanSlotsComeAndGo() {
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            expected.add("attr-" + i);
        }
        for (int round = 0; round < 2; round++) {
            for (String name : expected) {
                assertThat(read(name)).isEqualTo(name);
            }
        }
    }

    @Test
    void namesOfOneLengthThatDifferInOneByteStayApart() {
        assertThat(read("attr1")).isEqualTo("attr1");
        assertThat(read("attr2")).isEqualTo("attr2");
        assertThat(read("attr1")).isEqualTo("attr1");
    }

    @Test
    void aNonAsciiNameIsDecodedAsUtf8() {
        assertThat(read("größe")).isEqualTo("größe");
        assertThat(read("größe")).isEqualTo("größe");
    }

    @Test
    void aLongNameIsReadWholeButNotKept() {
        String longName = "a".repeat(65);

        String first = read(longName);

        assertThat(first).isEqualTo(longName);
        assertThat(read(longName)).isEqualTo(longName).isNotSameAs(first);
    }

    @Test
    void theEmptyNameIsRead() {
        assertThat(read("")).isEmpty();
    }
}
