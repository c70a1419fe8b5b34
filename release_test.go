package main

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// TestReleaseManPagesStamped: the release hook that writes the man pages builds mjref with the
// same -X ldflags as the release binaries, so the pages' .TH line names the release's version
// and date, not "mjref (devel)".
func TestReleaseManPagesStamped(t *testing.T) {
	cfg := releaseConfig(t)
	xflag := regexp.MustCompile(`-X \S+=(?:\{\{[^}]*\}\}|\S+)`)
	var want []string
	for _, bd := range cfg.Builds {
		for _, l := range bd.Ldflags {
			want = append(want, xflag.FindAllString(l, -1)...)
		}
	}
	if len(want) < 3 {
		t.Fatalf("the builds stamp %q: want version, commit and date", want)
	}
	slices.Sort(want)
	found := false
	for _, h := range cfg.Before.Hooks {
		if !strings.Contains(h, "go run") || !strings.Contains(h, " man ") {
			continue
		}
		found = true
		got := xflag.FindAllString(h, -1)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("hook %q stamps %q, want the builds' %q", h, got, want)
		}
	}
	if !found {
		t.Error("no before hook writes the man pages with go run . man")
	}
}

// TestReleaseBuildsThePageEngine: the release binaries embed the page's engine (server/web/mjref.wasm,
// generated and git-ignored), so a before hook runs go generate ./server; without it a release's
// mjref page refuses to write the offline page.
func TestReleaseBuildsThePageEngine(t *testing.T) {
	cfg := releaseConfig(t)
	if !slices.Contains(cfg.Before.Hooks, "go generate ./server") {
		t.Errorf("no before hook runs go generate ./server: the release would have no page engine (hooks %q)", cfg.Before.Hooks)
	}
}

// goreleaserConfig is what the release tests read of .goreleaser.yaml.
type goreleaserConfig struct {
	Before struct {
		Hooks []string `yaml:"hooks"`
	} `yaml:"before"`
	Builds []struct {
		Ldflags []string `yaml:"ldflags"`
	} `yaml:"builds"`
}

func releaseConfig(t *testing.T) goreleaserConfig {
	t.Helper()
	b, err := os.ReadFile(".goreleaser.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var cfg goreleaserConfig
	if err := yaml.Unmarshal(b, &cfg); err != nil {
		t.Fatal(err)
	}
	return cfg
}
