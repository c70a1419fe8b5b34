package chart

import (
	"bytes"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjref/mjref/referee/gamerules"
	"github.com/mjref/mjref/referee/ledger"
)

// settler pays the winner 8 a faan from the discarder, or from each other player on a self-draw.
var settler = ledger.SettlerFunc(func(h ledger.Hand, t ledger.Table) ([4]ledger.Amount, error) {
	var d [4]ledger.Amount
	if h.Winner == "" {
		return d, nil
	}
	w := t.Index(h.Winner)
	a := ledger.Whole(int64(8 * h.Faan))
	if h.Discarder == "" {
		for i := range 4 {
			if i != w {
				d[i] -= a
				d[w] += a
			}
		}
		return d, nil
	}
	d[t.Index(h.Discarder)] -= a
	d[w] += a
	return d, nil
})

func game(t testing.TB, players [4]string, flow gamerules.Flow, hands int) ledger.State {
	t.Helper()
	l, err := ledger.Create(filepath.Join(t.TempDir(), "g.jsonl"), ledger.Header{Players: players, Ruleset: "hk", Family: "hk", Flow: flow}, ledger.WithSettler(settler))
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	for i := range hands {
		h := ledger.Hand{Winner: players[(i+1)%4], Discarder: players[i%4], Faan: 3 + i%5}
		if i%3 == 0 {
			h = ledger.Hand{Winner: players[i%4], Win: 1, Faan: 4}
		}
		if _, err := l.Add(h); err != nil {
			t.Fatal(err)
		}
	}
	return l.State()
}

func TestDraw(t *testing.T) {
	s := game(t, [4]string{"Ann", "Ben", "Cat", "Dan"}, gamerules.HongKongFlow(), 12)
	t.Run("svg", func(t *testing.T) {
		var b bytes.Buffer
		if _, err := Draw(&s, &b, SVG, Options{}); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		for _, want := range []string{"<svg", "running totals", "Ann " + s.Totals[0].String(), "hand"} {
			if !strings.Contains(out, want) {
				t.Errorf("svg lacks %q", want)
			}
		}
	})
	t.Run("png", func(t *testing.T) {
		var b bytes.Buffer
		if _, err := Draw(&s, &b, PNG, Options{}); err != nil {
			t.Fatal(err)
		}
		raw := bytes.Clone(b.Bytes())
		img, err := png.Decode(&b)
		if err != nil {
			t.Fatal(err)
		}
		if r := img.Bounds(); r.Dx() < 600 || r.Dy() < 300 {
			t.Errorf("png is %v", r)
		}
		if dir := os.Getenv("LEDGER_CHART_DIR"); dir != "" {
			os.WriteFile(filepath.Join(dir, "chart.png"), raw, 0o644)
		}
	})
	t.Run("unknown", func(t *testing.T) {
		if _, err := Draw(&s, &bytes.Buffer{}, "gif", Options{}); err == nil {
			t.Error("no error")
		}
	})
}

// TestDrawMarks: a game played to a target has a labelled target line; every round is marked.
func TestDrawMarks(t *testing.T) {
	s := game(t, [4]string{"Ann", "Ben", "Cat", "Dan"}, gamerules.HongKongFlow(), 16)
	var b bytes.Buffer
	if _, err := Draw(&s, &b, SVG, Options{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "S round") {
		t.Errorf("no round mark in a game that reached the S round (prevailing %s)", s.Prevailing)
	}
	f := gamerules.DeBurgerFlow()
	f.Target = ledger.Whole(100)
	d := game(t, [4]string{"Ann", "Ben", "Cat", "Dan"}, f, 3)
	b.Reset()
	if _, err := Draw(&d, &b, SVG, Options{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "target 100") {
		t.Error("the target line has no label")
	}
}

// TestDrawNames: names the font cannot draw are never blank: drawn as their place with a warning.
func TestDrawNames(t *testing.T) {
	saved := SystemFonts
	SystemFonts = nil // as on a machine without a CJK font
	defer func() { SystemFonts = saved }()
	s := game(t, [4]string{"Ann", "張三", "Cat", "李四"}, gamerules.HongKongFlow(), 4)
	var b bytes.Buffer
	warnings, err := Draw(&s, &b, SVG, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(warnings) != 2 || !strings.Contains(warnings[0], `"張三": it is drawn as P2`) || !strings.Contains(warnings[0], "--font") {
		t.Errorf("warnings %q", warnings)
	}
	if out := b.String(); !strings.Contains(out, "P2 ") || !strings.Contains(out, "P4 ") || !strings.Contains(out, "Ann ") {
		t.Error("the players are not all labelled")
	}
	// A font file given: used, and checked the same way.
	const dejavu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
	if _, err := os.Stat(dejavu); err == nil {
		warnings, err := Draw(&s, &bytes.Buffer{}, PNG, Options{Font: dejavu})
		if err != nil || len(warnings) != 2 || !strings.Contains(warnings[0], dejavu) {
			t.Errorf("with %s: %q, %v", dejavu, warnings, err)
		}
	}
	if _, err := Draw(&s, &bytes.Buffer{}, PNG, Options{Font: "chart_test.go"}); err == nil || !strings.Contains(err.Error(), "not a TrueType or OpenType font") {
		t.Errorf("a font that is not one: %v", err)
	}
}

// BenchmarkDrawSVG draws a 1000-hand game.
func BenchmarkDrawSVG(b *testing.B) {
	s := game(b, [4]string{"Ann", "Ben", "Cat", "Dan"}, gamerules.Flow{ZeroSum: true}, 1000)
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if _, err := Draw(&s, &buf, SVG, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestNoGonumBelowChart checks that gonum is linked only where a chart is drawn: the scorer, the
// rulesets and the ledger itself do not import it.
func TestNoGonumBelowChart(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool")
	}
	out, err := exec.Command(goTool, "list", "-deps", "../../../rulesets", "../../../scoring/...", "..").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	if strings.Contains(string(out), "gonum.org") {
		t.Errorf("gonum is linked below the chart package:\n%s", out)
	}
}
