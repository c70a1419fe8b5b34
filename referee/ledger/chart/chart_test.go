package chart

import (
	"bytes"
	"encoding/xml"
	"image/color"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
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

// TestNoPlotStack checks what the chart costs the rest of mjref: the scorer, the rulesets and the
// ledger itself link no font or rasteriser, and nothing links gonum/plot or go-latex (whose
// packages parse fonts and build tables when the program starts).
func TestNoPlotStack(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool")
	}
	out, err := exec.Command(goTool, "list", "-deps", "../../../rulesets", "../../../scoring/...", "..").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, p := range []string{"gonum.org", "golang.org/x/image", "go-fonts/liberation"} {
		if strings.Contains(string(out), p) {
			t.Errorf("%s is linked below the chart package:\n%s", p, out)
		}
	}
	out, err = exec.Command(goTool, "list", "-deps", "../../..").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, p := range []string{"gonum.org", "go-latex", "encoding/gob"} {
		if strings.Contains(string(out), p) {
			t.Errorf("mjref links %s", p)
		}
	}
}

// parsedAtStart is whether the built-in font was parsed before any test ran.
var parsedAtStart bool

func TestMain(m *testing.M) {
	parsedAtStart = builtin.face != nil || builtin.err != nil
	os.Exit(m.Run())
}

// TestNoFontAtStart: the built-in font is parsed by the first drawing, not when the package loads.
func TestNoFontAtStart(t *testing.T) {
	if parsedAtStart {
		t.Error("the built-in font was parsed when the package loaded")
	}
	f, err := builtinFace()
	if err != nil || f == nil || !f.covers("Ann 0123456789-+P") {
		t.Fatalf("the built-in font: %v", err)
	}
}

// TestSVGWellFormed: the SVG is well-formed XML, every name in it as a text element (escaped: a
// name may hold < or &), and the round marks and the target line are there.
func TestSVGWellFormed(t *testing.T) {
	s := game(t, [4]string{"Ann <&>", `Ben "B"`, "Zoë", "Dan'"}, gamerules.HongKongFlow(), 16)
	var b bytes.Buffer
	if _, err := Draw(&s, &b, SVG, Options{}); err != nil {
		t.Fatal(err)
	}
	texts := svgTexts(t, b.Bytes())
	for i, p := range s.People {
		if want := p.Name + " " + s.Totals[i].String(); !slices.Contains(texts, want) {
			t.Errorf("no text %q in %q", want, texts)
		}
	}
	for _, want := range []string{"hand", "total", "S round", "W round", "0", "5", "10", "15"} {
		if !slices.Contains(texts, want) {
			t.Errorf("no text %q in %q", want, texts)
		}
	}
	// The season's chart too.
	b.Reset()
	lines := []Line{{Name: "陳大文 & co", Points: []Point{{0, 0}, {1, ledger.Whole(12)}, {2, ledger.Whole(-3)}}}, {Name: "Ben", Points: []Point{{0, 0}, {1, ledger.Whole(-12)}, {2, ledger.Whole(3)}}}}
	saved := SystemFonts
	SystemFonts = nil
	defer func() { SystemFonts = saved }()
	warnings, err := DrawLines(&b, SVG, "season: nets after 2 evenings", "evening", "net", lines, Options{})
	if err != nil {
		t.Fatal(err)
	}
	texts = svgTexts(t, b.Bytes())
	for _, want := range []string{"season: nets after 2 evenings", "evening", "net", "P1 -3", "Ben 3"} {
		if !slices.Contains(texts, want) {
			t.Errorf("season: no text %q in %q", want, texts)
		}
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], `"陳大文 & co": it is drawn as P1`) {
		t.Errorf("season warnings %q", warnings)
	}
}

// svgTexts parses an SVG picture as XML and returns its <text> elements' contents.
func svgTexts(t *testing.T, svg []byte) []string {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(svg))
	var texts []string
	var root string
	for depth, inText := 0, false; ; {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the SVG is not well-formed XML: %v\n%s", err, svg)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			if depth == 0 {
				root = tok.Name.Space + " " + tok.Name.Local
			}
			depth++
			inText = tok.Name.Local == "text"
			if inText {
				texts = append(texts, "")
			}
		case xml.EndElement:
			depth--
			inText = false
		case xml.CharData:
			if inText {
				texts[len(texts)-1] += string(tok)
			}
		}
	}
	if root != "http://www.w3.org/2000/svg svg" {
		t.Errorf("the root element is %q", root)
	}
	return texts
}

// TestPNGDecodes: the PNG decodes, 16 × 10 cm at 144 dpi, and has the lines' colours in it.
func TestPNGDecodes(t *testing.T) {
	s := game(t, [4]string{"Ann", "Ben", "Cat", "Dan"}, gamerules.HongKongFlow(), 12)
	for name, draw := range map[string]func(w io.Writer) error{
		"ledger": func(w io.Writer) error { _, err := Draw(&s, w, PNG, Options{}); return err },
		"season": func(w io.Writer) error {
			_, err := DrawLines(w, PNG, "season", "evening", "net", []Line{{Name: "Ann", Points: []Point{{0, 0}, {1, ledger.Whole(5)}}}}, Options{})
			return err
		},
	} {
		var b bytes.Buffer
		if err := draw(&b); err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(&b)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if r := img.Bounds(); r.Dx() != 907 || r.Dy() != 567 {
			t.Errorf("%s: the PNG is %v, not 907×567", name, r)
		}
		colours := map[color.RGBA]bool{}
		for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
			for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
				r, g, b, _ := img.At(x, y).RGBA()
				colours[color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), 255}] = true
			}
		}
		if !colours[palette[0]] || !colours[black] {
			t.Errorf("%s: the first line's colour or black text is missing", name)
		}
	}
}

// TestCJKNameWithoutFont: with no CJK font, a Chinese name is drawn as its place with the
// warning, in both formats, and the name is nowhere in the SVG.
func TestCJKNameWithoutFont(t *testing.T) {
	saved := SystemFonts
	SystemFonts = nil
	defer func() { SystemFonts = saved }()
	s := game(t, [4]string{"張三", "Ben", "Cat", "Dan"}, gamerules.HongKongFlow(), 3)
	const want = `the built-in font cannot draw the name "張三": it is drawn as P1; give --font with a font that has its characters (a CJK font such as Noto Sans CJK)`
	for _, format := range []string{SVG, PNG} {
		var b bytes.Buffer
		warnings, err := Draw(&s, &b, format, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(warnings) != 1 || warnings[0] != want {
			t.Errorf("%s: warnings %q", format, warnings)
		}
		if format == SVG {
			if texts := svgTexts(t, b.Bytes()); !slices.Contains(texts, "P1 "+s.Totals[0].String()) || bytes.Contains(b.Bytes(), []byte("張三")) {
				t.Errorf("svg texts %q", texts)
			}
		}
	}
}

// TestTicks: round steps, about four labelled ticks, whole numbers where counted, no trailing zeros.
func TestTicks(t *testing.T) {
	for _, c := range []struct {
		lo, hi  float64
		integer bool
		want    string
	}{
		{0, 16, true, "0 5 10 15"},
		{0, 4, true, "0 1 2 3 4"},
		{0, 1, true, "0 1"},
		{0, 1, false, "0 0.5 1"},
		{-88, 168, false, "-50 0 50 100 150"},
		{-10, 16.7, false, "-10 0 10"},
		{0, 1000, true, "0 500 1000"},
		{-0.3, 0.9, false, "-0.25 0 0.25 0.5 0.75"},
	} {
		major, _ := ticks(c.lo, c.hi, c.integer)
		var got []string
		for _, tk := range major {
			got = append(got, tk.label)
		}
		if g := strings.Join(got, " "); g != c.want {
			t.Errorf("ticks(%v, %v, %v) = %q, want %q", c.lo, c.hi, c.integer, g, c.want)
		}
	}
}

// BenchmarkDrawPNG draws a 1000-hand game as a PNG.
func BenchmarkDrawPNG(b *testing.B) {
	s := game(b, [4]string{"Ann", "Ben", "Cat", "Dan"}, gamerules.Flow{ZeroSum: true}, 1000)
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if _, err := Draw(&s, &buf, PNG, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
