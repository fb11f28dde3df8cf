package io.replsim.loadgen.script;

import io.replsim.settings.Choices;
import org.junit.jupiter.api.Test;

import java.util.EnumMap;
import java.util.Map;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class UserScriptTest {

    private static final UserScript MIX = UserScript.of(new WeightedRequest(RequestType.COUNTER, 6),
            new WeightedRequest(RequestType.CART, 3), new WeightedRequest(RequestType.READ, 1));

    @Test
    void drawsEachTypeInProportionToItsWeight() {
        SplittableRandom random = new SplittableRandom(42);
        Map<RequestType, Integer> drawn = new EnumMap<>(RequestType.class);
        int draws = 100_000;
        for (int i = 0; i < draws; i++) {
            drawn.merge(MIX.draw(random), 1, Integer::sum);
        }
        assertThat(drawn.keySet()).containsExactlyInAnyOrder(RequestType.COUNTER, RequestType.CART, RequestType.READ);
        // 100,000 draws: the standard error of a share is at most 0.0016, so 0.01 is over six of them
        assertThat(drawn.get(RequestType.COUNTER) / (double) draws).isCloseTo(0.6, within(0.01));
        assertThat(drawn.get(RequestType.CART) / (double) draws).isCloseTo(0.3, within(0.01));
        assertThat(drawn.get(RequestType.READ) / (double) draws).isCloseTo(0.1, within(0.01));
    }

    @Test
    void theSameSeedDrawsTheSameSequence() {
        SplittableRandom first = new SplittableRandom(7);
        SplittableRandom second = new SplittableRandom(7);
        for (int i = 0; i < 1_000; i++) {
            assertThat(MIX.draw(first)).isEqualTo(MIX.draw(second));
        }
    }

    @Test
    void refusesAnEmptyScriptATypeListedTwiceAndAWeightBelowOne() {
        assertThatThrownBy(UserScript::of).hasMessageContaining("at least one request type");
        assertThatThrownBy(() -> UserScript.of(new WeightedRequest(RequestType.CART, 1),
                new WeightedRequest(RequestType.CART, 2))).hasMessageContaining("cart is listed twice");
        assertThatThrownBy(() -> new WeightedRequest(RequestType.BEAN, 0)).hasMessageContaining("at least 1");
    }

    @Test
    void theReadWorksOnTheBeansSessionAndKeepsItsSerial() {
        assertThat(RequestType.READ.session()).isEqualTo(RequestType.BEAN.session());
        assertThat(RequestType.READ.serialRule()).isEqualTo(RequestType.SerialRule.UNCHANGED);
        assertThat(request(" Cart ")).isEqualTo(RequestType.CART);
        assertThatThrownBy(() -> request("basket")).hasMessageContaining("counter, cart, profile, bean, read");
        assertThat(MIX.paths()).containsExactly("/counter", "/cart", "/bean?op=peek");
    }

    @Test
    void eachAppsReadWorksOnThatAppsSessionAndKeepsItsSerial() {
        assertThat(request("counter-read")).isEqualTo(RequestType.COUNTER_READ);
        assertThat(request("cart-read")).isEqualTo(RequestType.CART_READ);
        assertThat(request("profile-read")).isEqualTo(RequestType.PROFILE_READ);
        for (RequestType write : new RequestType[] {RequestType.COUNTER, RequestType.CART, RequestType.PROFILE}) {
            RequestType read = request(write.label() + "-read");
            assertThat(read.session()).isEqualTo(write.session());
            assertThat(read.serialRule()).isEqualTo(RequestType.SerialRule.UNCHANGED);
            assertThat(read.path()).isEqualTo(write.path() + "?op=read");
            assertThat(RequestType.sessionOfPath(read.path())).contains(write.session());
        }
    }

    private static RequestType request(String label) {
        return Choices.of(RequestType.class).parse(label, "request");
    }
}
