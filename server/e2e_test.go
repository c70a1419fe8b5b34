package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image/png"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/mjref/mjref/engine"
	"github.com/mjref/mjref/server"
)

// The end-to-end test drives the page in headless Chromium (the Debian package). Without Chromium
// it skips, unless MJREF_E2E=require (as .ci/run sets it), when it fails. UPDATE_SCREENSHOTS=1
// writes the screenshots the README shows to docs/.
func chromium(t *testing.T) string {
	t.Helper()
	for _, p := range []string{os.Getenv("MJREF_CHROMIUM"), "chromium", "chromium-browser", "/usr/bin/chromium"} {
		if p == "" {
			continue
		}
		if path, err := exec.LookPath(p); err == nil {
			return path
		}
	}
	if os.Getenv("MJREF_E2E") == "require" {
		t.Fatal("MJREF_E2E=require and no Chromium: install it (apt-get install chromium) or set MJREF_CHROMIUM")
	}
	t.Skip("no Chromium: the page's end-to-end test is skipped (MJREF_E2E=require makes this a failure)")
	return ""
}

// Timeouts of the browser test. The machine may be loaded (the tests share it with builds and
// other tests), so no step has a budget that load can use up: starting Chromium, and each step
// after it, has its own generous timeout, and the test as a whole none, so that the test fails on a
// real fault (a page that never answers) and not on a slow machine.
const (
	startTimeout = 2 * time.Minute // start Chromium
)

// stepTimeout is one step's: navigate, tap, wait for an answer, screenshot (MJREF_E2E_STEP, a
// duration, changes it: a shorter one while working on the page).
var stepTimeout = func() time.Duration {
	if d, err := time.ParseDuration(os.Getenv("MJREF_E2E_STEP")); err == nil {
		return d
	}
	return time.Minute
}()

// step is ctx with the timeout of one step (released when the test ends).
func step(t *testing.T, ctx context.Context) context.Context {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, stepTimeout)
	t.Cleanup(cancel)
	return c
}

// browser starts headless Chromium with the flags this machine needs and a fresh profile, and
// collects every script error, console error and CSP violation of the page. Each step is given its
// own timeout with step.
func browser(t *testing.T) (context.Context, func() []string) {
	t.Helper()
	path := chromium(t)
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1024, 900),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(actx)
	var mu sync.Mutex
	var problems []string
	var wg sync.WaitGroup
	msgs := chromedp.Console(ctx)
	wg.Add(1)
	go func() {
		defer wg.Done()
		for m, err := range msgs {
			if err != nil {
				return
			}
			if m.Type == chromedp.ConsoleError || m.Type == chromedp.ConsoleException || strings.Contains(m.Text, "Content Security Policy") {
				mu.Lock()
				problems = append(problems, fmt.Sprintf("%s: %s (%s:%d)", m.Type, m.Text, m.URL, m.Line))
				mu.Unlock()
			}
		}
	}()
	t.Cleanup(func() { cancelCtx(); cancelAlloc(); wg.Wait() })
	// The first run starts the browser and binds it to the context it is given, so it is given
	// ctx itself (a step's context would close the browser when the step ends) and waited for
	// with a timer of its own.
	started := make(chan error, 1)
	go func() { started <- chromedp.Do(ctx) }()
	select {
	case err := <-started:
		if err != nil {
			t.Fatalf("start Chromium (%s): %v", path, err)
		}
	case <-time.After(startTimeout):
		t.Fatalf("start Chromium (%s): not started after %v", path, startTimeout)
	}
	reported := func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), problems...)
	}
	pageProblems = reported
	return ctx, reported
}

// tapTiles taps each tile of codes in the picker; "+" taps the win mode (the next tile is the
// winning tile).
func tapTiles(codes ...string) chromedp.Action[chromedp.Void] {
	var steps []chromedp.Action[chromedp.Void]
	for _, c := range codes {
		if c == "+" {
			steps = append(steps, chromedp.Click(chromedp.CSS(`#modes button[data-mode="win"]`)))
			continue
		}
		steps = append(steps, chromedp.Click(chromedp.CSS(`#picker button[data-tile="`+c+`"]`)))
	}
	return chromedp.Steps(steps...)
}

// screenshot saves the whole page at width px to path and checks it is a PNG that wide, with
// nothing wider than the screen.
func screenshot(t *testing.T, ctx context.Context, width int64, path string) {
	t.Helper()
	if err := chromedp.Do(step(t, ctx), chromedp.EmulateViewport(width, 900), chromedp.Sleep(300*time.Millisecond)); err != nil {
		t.Fatalf("viewport %d px: %v", width, err)
	}
	overflow, err := chromedp.Run(step(t, ctx), chromedp.Evaluate[bool](`document.documentElement.scrollWidth > window.innerWidth`))
	if err != nil {
		t.Fatal(err)
	}
	if overflow {
		wide, _ := chromedp.Run(step(t, ctx), chromedp.Evaluate[[]string](`[...document.querySelectorAll("body *")].filter(e => e.getBoundingClientRect().right > window.innerWidth + 1).slice(0, 8).map(e => e.tagName + "#" + e.id + "." + e.className.baseVal + e.className + " " + Math.round(e.getBoundingClientRect().right))`))
		t.Errorf("at %d px the page is wider than the screen: %v", width, wide)
	}
	buf, err := chromedp.Run(step(t, ctx), chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatalf("screenshot at %d px: %v", width, err)
	}
	img, err := png.Decode(bytes.NewReader(buf))
	if err != nil {
		t.Fatalf("screenshot at %d px: not a PNG: %v", width, err)
	}
	if w := img.Bounds().Dx(); w != int(width) {
		t.Errorf("screenshot at %d px is %d px wide", width, w)
	}
	if err := os.WriteFile(path, buf, 0o644); err != nil {
		t.Fatal(err)
	}
}

// text reads the text of the element sel.
func text(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	s, err := chromedp.Run(step(t, ctx), chromedp.Text(chromedp.CSS(sel)))
	if err != nil {
		t.Fatalf("text of %s: %v", sel, err)
	}
	return s
}

// newLedger makes a ledger for four players in dir with mjref ledger new.
func newLedger(t *testing.T, dir string) string {
	t.Helper()
	path := filepath.Join(dir, "evening.jsonl")
	cli(t, 0, "ledger", "new", path, "--players", "Ann,Bo,Cy,Di")
	return path
}

// Beyond loopback the page takes the token from the URL mjref serve prints, once: then the address
// bar holds no token and the page's calls carry the cookie.
func TestPageTakesTokenInChromium(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: no browser")
	}
	ctx, problems := browser(t)
	s, err := server.New(server.Options{Addr: "0.0.0.0:0", Token: server.RandomToken})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	if err := chromedp.Do(step(t, ctx),
		chromedp.Navigate(ts.URL+"/?token="+s.Token()),
		chromedp.WaitVisible(chromedp.CSS(`body[data-ready="true"]`)),
		tapTiles("1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z", "1z", "5z", "5z"),
		chromedp.Click(chromedp.CSS(`#do-score`)),
		chromedp.WaitVisible(chromedp.CSS(`#score-result .score-total`)),
	); err != nil {
		t.Fatalf("score with the token's cookie: %v", err)
	}
	loc, err := chromedp.Run(step(t, ctx), chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	if loc != ts.URL+"/" {
		t.Errorf("the address bar reads %q, want %q (no token)", loc, ts.URL+"/")
	}
	if got := text(t, ctx, `#score-result .score-total`); got != "4 faan" {
		t.Errorf("total %q, want 4 faan (won on a discard)", got)
	}
	if p := problems(); len(p) > 0 {
		t.Errorf("the page reported problems:\n%s", strings.Join(p, "\n"))
	}

	// Without the token the page says what to do.
	ctx2, _ := browser(t)
	if err := chromedp.Do(step(t, ctx2), chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(chromedp.CSS(`#banner`))); err != nil {
		t.Fatalf("the page without the token: %v", err)
	}
	if got := text(t, ctx2, `#banner`); !strings.Contains(got, "token") {
		t.Errorf("banner %q", got)
	}
}

// The page served with a season (mjref serve --season DIR) shows it: the standings mjref season
// counts, a ledger that does not verify named as left out, and each player's net after every
// evening drawn as SVG text (a line and a name a player, Chinese names too); in 中文 as well, and
// at a phone's width with nothing wider than the screen.
func TestPageSeasonInChromium(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: no browser")
	}
	ctx, problems := browser(t)
	dir := seasonDir(t)
	// The third evening changed by hand after it was written: it does not verify.
	e3 := filepath.Join(dir, "e3.jsonl")
	b, err := os.ReadFile(e3)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "e4.jsonl"), []byte(strings.Replace(string(b), `"faan":7`, `"faan":9`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	opts := engine.SeasonOptions{Paths: []string{dir}, SkipBroken: true, Aliases: []string{"Di=陳大文"}}
	s, err := server.New(server.Options{Season: &opts})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	p := tab{t, ctx}
	p.do("open the page", chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(chromedp.CSS(`body[data-ready="true"]`)))
	p.until("the season", `document.querySelector("#season-standings") !== null && document.querySelector("#season-chart") !== null`)
	var season struct {
		Evenings  []json.RawMessage
		Standings []struct {
			Player string
			Net    float64
		}
	}
	if err := json.Unmarshal([]byte(cli(t, 0, "season", dir, "--alias", "Di=陳大文", "--skip-broken", "-o", "json")), &season); err != nil {
		t.Fatal(err)
	}
	p.contains("season", `#season`, fmt.Sprintf("Evenings: %d · hands: 6", len(season.Evenings)))
	p.contains("season left out", `#season-left-out`, "e4.jsonl")
	nets := js[map[string]float64](p, `Object.fromEntries([...document.querySelectorAll("#season-standings tbody tr")].map(r => [r.querySelector(".player").textContent, Number(r.children[4].textContent)]))`)
	if len(nets) != len(season.Standings) {
		t.Errorf("the page's standings have %d players, mjref season %d: %v", len(nets), len(season.Standings), nets)
	}
	for _, st := range season.Standings {
		if nets[st.Player] != st.Net {
			t.Errorf("%s: the page's season nets %v, mjref season %v", st.Player, nets[st.Player], st.Net)
		}
	}
	// The chart: a line a player, through 0 and each evening they played, and the names as text.
	lines := js[map[string]int](p, `Object.fromEntries([...document.querySelectorAll("#season-chart polyline")].map(l => [l.dataset.player, l.getAttribute("points").split(" ").length]))`)
	names := js[string](p, `[...document.querySelectorAll("#season-chart text.name")].map(e => e.textContent).join("|")`)
	for _, st := range season.Standings {
		if lines[st.Player] < 2 {
			t.Errorf("%s: %d points on the chart's line, want 0 and an evening at least", st.Player, lines[st.Player])
		}
		if !strings.Contains(names, st.Player+" ") {
			t.Errorf("the chart names %q, not %s", names, st.Player)
		}
	}
	screenshot(t, ctx, 360, filepath.Join(t.TempDir(), "season-360.png"))
	p.click(`#lang`)
	p.until("中文", `document.body.dataset.lang === "zh"`)
	p.contains("the season in 中文", `#season-card`, "賽季", "晚數：3", "每局", "自摸")
	if n := js[int](p, `document.querySelectorAll("#season-chart polyline").length`); n != len(season.Standings) {
		t.Errorf("in 中文 the chart has %d lines, want %d", n, len(season.Standings))
	}
	if pr := problems(); len(pr) > 0 {
		t.Errorf("the page reported problems:\n%s", strings.Join(pr, "\n"))
	}
}
