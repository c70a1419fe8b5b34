package riichilog_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mjref/mjref/referee/riichilog"
)

// TestPresetResults reckons the results after uma and oka of final scores whose results Tenhou
// recorded (mjlog owari in ../shared/riichi/tenhou_logs): the half thousands round away from zero
// (16,500 is 17, -7,500 is -8) and the first takes the rest (issue 29 item 4).
func TestPresetResults(t *testing.T) {
	tests := []struct {
		source string
		rules  riichilog.Rules
		scores []int
		want   []float64
	}{
		{"bug1.xml", riichilog.Rules{Players: 4, Hanchan: true}, []int{18000, 37400, 8200, 36400}, []float64{-22, 48, -42, 16}},
		{"bug3.xml: -7,500 is -8", riichilog.Rules{Players: 4, Hanchan: true}, []int{26900, 29200, 51400, -7500}, []float64{-13, 9, 62, -58}},
		{"bug8.xml: 16,500 is 17", riichilog.Rules{Players: 4, Hanchan: true}, []int{77800, 2400, 16500, 3300}, []float64{88, -48, -3, -37}},
		{"bye.xml: east only, 35,500 is 36", riichilog.Rules{Players: 4}, []int{7500, 45300, 35500, 11700}, []float64{-32, 44, 11, -23}},
		{"sanma2.xml: three players", riichilog.Rules{Players: 3, Hanchan: true}, []int{27400, 83100, -5500}, []float64{-13, 79, -66}},
		{"equal points: the first dealer's order", riichilog.Rules{Players: 4, Hanchan: true}, []int{73000, -23000, 25000, 25000}, []float64{83, -73, 5, -15}},
	}
	for _, tt := range tests {
		t.Run(tt.source, func(t *testing.T) {
			got := riichilog.PresetOf(tt.rules).Results(tt.scores, 0)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("results (-want +got):\n%s", diff)
			}
		})
	}
}

// otherLobbies are the corpus logs whose GO type has bits beyond the known eight (0x100 and up:
// chip, ratio and custom lobbies), which pay uma no preset describes.
var otherLobbies = map[string]bool{"chip.xml_": true, "newattr2023.xml": true, "ratio.xml": true, "ratio1.xml_": true, "sanma.xml": true}

// TestCorpusFinal reckons every corpus game's results after uma and oka from mjref's final
// scores: every log of a ranked lobby agrees with its owari.
func TestCorpusFinal(t *testing.T) {
	agree := 0
	for _, path := range corpusFiles(t) {
		name := filepath.Base(path)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		g, err := riichilog.Read(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		v := riichilog.Review(g, nil)
		if v.Final == nil || v.Final.Uma == nil || v.Final.Uma.Agrees == nil {
			continue
		}
		switch ok := *v.Final.Uma.Agrees; {
		case otherLobbies[name]:
			if g.Rules.Other == 0 {
				t.Errorf("%s: GO type %d is a ranked lobby's", name, g.Rules.Type)
			}
		case !ok:
			t.Errorf("%s (%s): results %v, the log %v", name, v.Final.Uma.Preset.Name, v.Final.Uma.Results, v.Final.RecordedResults)
		default:
			agree++
		}
	}
	t.Logf("%d games' results agree with owari", agree)
	if agree < 14 {
		t.Errorf("%d games agree: the corpus has 14 of ranked lobbies", agree)
	}
}
