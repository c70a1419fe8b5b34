package riichi

import "testing"

// BenchmarkScoreRiichiEnv scores RiichiEnv's 816 four-player winning hands in turn (full value: every reading,
// yaku, fu, dora and points). hands/s is per core.
func BenchmarkScoreRiichiEnv(b *testing.B) {
	cases := loadEnvCases(b, "agari_4p.json")
	hands := make([]Hand, len(cases))
	sits := make([]Situation, len(cases))
	for i := range cases {
		var err error
		hands[i], sits[i], err = cases[i].hand()
		if err != nil {
			b.Fatal(err)
		}
	}
	o := TenhouOptions()
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		i := n % len(hands)
		if _, err := Score(&hands[i], &sits[i], &o); err != nil {
			b.Fatal(err)
		}
		n++
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "hands/s")
}

// BenchmarkScorePinfu scores the example hand, 234m23p456p678s99s+1p, riichi tsumo.
func BenchmarkScorePinfu(b *testing.B) {
	h := hand(b, "234m23p456p678s99s", "1p")
	s := Situation{Win: WinTsumo, Riichi: true, Seat: WindSouth, Dora: []Tile{3}}
	o := TenhouOptions()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Score(&h, &s, &o); err != nil {
			b.Fatal(err)
		}
	}
}
