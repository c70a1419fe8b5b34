package cmd

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"go.yaml.in/yaml/v3"
)

// A string that a YAML 1.1 reader (go-yaml v2, PyYAML) would read as a boolean, null or a number
// is written quoted in every -o yaml document, and reads back as the same string; other strings
// stay plain.
func TestYAMLQuotesYAML11Scalars(t *testing.T) {
	quoted := []string{
		"y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO",
		"on", "On", "ON", "off", "Off", "OFF", "true", "False",
		"~", "null", "Null", "NULL", "",
		"0x1F", "0b101", "017", "0o17", "1_000", "+12", "-3", "1:30", "190:20:30",
		"1.5", "1_000.5", "6.8523015e+5", "1e3", ".5", "-.inf", ".NaN", "1:20.5",
		"=", "<<",
	}
	plain := []string{"E", "S", "W", "hk", "123m", "1m", "dragon_pong", "seven pairs", "yesterday", "nope", "x1", "1m2p", "Ted"}
	for _, s := range append(quoted, plain...) {
		t.Run(s, func(t *testing.T) {
			var b bytes.Buffer
			doc := map[string]any{"seat": s, "by_seat": map[string]int{s: 7}}
			if err := writeYAML(&b, doc); err != nil {
				t.Fatal(err)
			}
			wantQuoted := !contains(plain, s)
			for _, l := range strings.Split(strings.TrimSpace(b.String()), "\n") {
				k, v, _ := strings.Cut(strings.TrimSpace(l), ": ")
				switch {
				case k == "seat":
					if got := strings.HasPrefix(v, "'") || strings.HasPrefix(v, `"`); got != wantQuoted {
						t.Errorf("seat: %s: quoted %v, want %v", v, got, wantQuoted)
					}
				case strings.HasSuffix(l, ": 7"):
					if got := strings.HasPrefix(k, "'") || strings.HasPrefix(k, `"`); got != wantQuoted {
						t.Errorf("key %s: quoted %v, want %v", k, got, wantQuoted)
					}
				}
			}
			var back struct {
				Seat   string         `yaml:"seat"`
				BySeat map[string]int `yaml:"by_seat"`
			}
			if err := yaml.Unmarshal(b.Bytes(), &back); err != nil {
				t.Fatalf("%v\n%s", err, b.String())
			}
			if diff := cmp.Diff(s, back.Seat); diff != "" {
				t.Errorf("seat read back (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(map[string]int{s: 7}, back.BySeat); diff != "" {
				t.Errorf("key read back (-want +got):\n%s", diff)
			}
		})
	}
}

func contains(list []string, s string) bool {
	for _, l := range list {
		if l == s {
			return true
		}
	}
	return false
}
