package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/mjref/mjref/server"
)

// tab is the browser on one page, with the steps a test takes on it: each step fails the test
// with what it was doing, and has its own timeout.
type tab struct {
	t   *testing.T
	ctx context.Context
}

func (p tab) do(what string, actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(step(p.t, p.ctx), actions...); err != nil {
		p.t.Fatalf("%s: %v\n%s", what, err, p.shown())
	}
}

// pageProblems are the problems the browser of the test running reported (browser).
var pageProblems func() []string

// shown is the page's text, for a failure's message.
func (p tab) shown() string {
	c, cancel := context.WithTimeout(p.ctx, 5*time.Second)
	defer cancel()
	s, err := chromedp.Run(c, chromedp.Evaluate[string](`(() => { const b = document.querySelector("#ledger-add"); if (!b) return "no add; "; const r = b.getBoundingClientRect(); const e = document.elementFromPoint(r.x + r.width/2, r.y + r.height/2); return "add at " + JSON.stringify(r) + " covered by " + (e ? e.tagName + "#" + e.id + "." + e.className : "nothing") + " vh " + window.innerHeight + "; "; })() + ["#count", "#notation", "#hand-warning", "#picker-note", "#result", "#ledger-msg", "#ledger-form", "#banner"].map(sel => {
		const e = document.querySelector(sel); if (!e) return sel + ": (none)";
		const c = e.cloneNode(true); c.querySelectorAll("svg").forEach(x => x.replaceWith(x.getAttribute("aria-label") || ""));
		return sel + ": " + (e.value !== undefined ? e.value : c.textContent.replace(/\s+/g, " ").slice(0, 600)); }).join("\n") +
			"\nbody: " + JSON.stringify(document.body.dataset) + (typeof Engine === "object" ? "\nthe engine's steps: " + JSON.stringify(Engine.marks) : "")`))
	if err != nil {
		return "(the page's text: " + err.Error() + ")"
	}
	out := "the page reads:\n" + s
	if pageProblems != nil {
		out += "\nand reported:\n" + strings.Join(pageProblems(), "\n")
	}
	return out
}

// js evaluates expr in the page.
func js[T any](p tab, expr string) T {
	p.t.Helper()
	v, err := chromedp.Run(step(p.t, p.ctx), chromedp.Evaluate[T](expr))
	if err != nil {
		p.t.Fatalf("evaluate %s: %v", expr, err)
	}
	return v
}

// awaitJS evaluates expr, a promise, in the page and waits for it.
func awaitJS(p tab, expr string) {
	p.t.Helper()
	if _, err := chromedp.Run(step(p.t, p.ctx), chromedp.Evaluate[bool](expr, chromedp.EvalAwaitPromise)); err != nil {
		p.t.Fatalf("evaluate %s: %v\n%s", expr, err, p.shown())
	}
}

// until waits for expr to be true in the page.
func (p tab) until(what, expr string) {
	p.t.Helper()
	if _, err := chromedp.Run(step(p.t, p.ctx), chromedp.Poll[bool](expr, chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(stepTimeout))); err != nil {
		p.t.Fatalf("%s (waiting for %s): %v\n%s", what, expr, err, p.shown())
	}
}

func (p tab) text(sel string) string {
	p.t.Helper()
	return js[string](p, fmt.Sprintf(`(document.querySelector(%q) || {innerText: "(no %s)"}).innerText`, sel, sel))
}

// set gives the control sel the value v, as a person choosing it would (input and change fire).
func (p tab) set(sel, v string) {
	p.t.Helper()
	ok := js[bool](p, fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e) return false;
		if (e.type === "checkbox") e.checked = %q === "true"; else e.value = %q;
		e.dispatchEvent(new Event("input", {bubbles: true})); e.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`, sel, v, v))
	if !ok {
		p.t.Fatalf("no control %s on the page", sel)
	}
}

func (p tab) click(sel string) {
	p.t.Helper()
	p.do("click "+sel, chromedp.Click(chromedp.CSS(sel)))
}

// typeHand types text into the notation field, as keys.
func (p tab) typeHand(text string) {
	p.t.Helper()
	p.do("type "+text, chromedp.Click(chromedp.CSS(`#clear`)), chromedp.SendKeys(chromedp.CSS(`#notation`), text))
	p.until("the typed hand previewed", `document.querySelector("#hand-tiles svg.tile") !== null`)
}

// chooseRules picks a ruleset and waits for the form its family asks for.
func (p tab) chooseRules(name string) {
	p.t.Helper()
	p.set(`#rules`, name)
	p.until("the form of "+name, fmt.Sprintf(`document.querySelector("#rules").value === %q`, name))
}

func (p tab) contains(what, sel string, wants ...string) {
	p.t.Helper()
	got := p.text(sel)
	for _, w := range wants {
		if !strings.Contains(got, w) {
			p.t.Errorf("%s: %s reads %q, want %q in it", what, sel, got, w)
		}
	}
}

// family is one family's flow through the page: its ruleset, a hand entered (tapped or typed) and
// what the score shows, a settlement, and a ledger hand refused then one recorded.
type familyFlow struct {
	rules string
	// tap or typed is the hand; count the tiles the hand shows.
	tap   []string
	typed string
	count string
	// altTap or altTyped is a hand entered the other way after the first is scored ("+" in altTap
	// taps the win mode), and altTotal the total its score shows.
	altTap   []string
	altTyped string
	altTotal string
	// situation sets controls before scoring: selector → value.
	situation [][2]string
	total     string   // the total the score shows
	facts     []string // text the result shows besides
	// settle sets controls before settling and wants text in the settlement.
	settle     [][2]string
	settleWant []string
	// refused and record fill the ledger form (selector → value), refusedHand is typed first (the
	// hand the ledger scores); refusedWant is the reason shown.
	refusedHand string
	refused     [][2]string
	refusedWant string
	record      [][2]string
	recordWant  []string
}

var familyFlows = []familyFlow{
	{rules: "hk", tap: []string{"1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z", "1z", "5z", "5z"}, count: "14",
		altTyped: "123m456p789s111z55z", altTotal: "5 faan",
		situation: [][2]string{{"#score-win", "self-draw"}}, total: "5 faan", facts: []string{"Self-drawn"},
		settleWant:  []string{"S pays E", "W pays E", "N pays E"},
		refused:     [][2]string{{`input[name="ledger-winner"][value="Ann"]`, "true"}, {"#ledger-discarder", "Bo"}, {"#ledger-faan", "2"}},
		refusedWant: "2 faan is below this table's minimum of 3",
		record:      [][2]string{{"#ledger-faan", "5"}}, recordWant: []string{"Hand 1 recorded", "Ann won", "5 faan", "Ann +", "Bo -"}},
	{rules: "american", typed: "NN 2026m SS 666p 66sJ", count: "14", total: "25 value", facts: []string{"Y1", "6s"},
		altTap: []string{"4z", "4z", "2m", "5z", "2m", "6m", "2z", "2z", "6p", "6p", "6p", "J", "6s", "6s"}, altTotal: "25 value",
		settle: [][2]string{{"#score-discarder", "S"}}, settleWant: []string{"S pays E"},
		refusedHand: "NN 2026m SS 666p 66s1m",
		refused:     [][2]string{{`input[name="ledger-winner"][value="Ann"]`, "true"}, {"#ledger-discarder", "Bo"}, {"#ledger-hand", "true"}},
		refusedWant: "Ann's hand matches no line",
		record:      [][2]string{{"#ledger-value", "25"}}, recordWant: []string{"Hand 1 recorded", "Ann won", "25 value", "Bo -"}},
	{rules: "deburger-2026", typed: "123m456p777z99p5m8s 3f*", count: "13", situation: [][2]string{{"#score-loser", "true"}},
		// tapped, the flower is not the player's own (no *): 50 points fewer
		altTap: []string{"1m", "2m", "3m", "4p", "5p", "6p", "7z", "7z", "7z", "9p", "9p", "5m", "8s", "3f"}, altTotal: "2000 points",
		total: "2050 points", facts: []string{"A non-winner's hand"},
		settle: [][2]string{{"#settle-hands-E", "123m777z99m [555p] [789s] 1f 2f*"}, {"#settle-hands-S", "123m456p777z99p5m8s 3f*"},
			{"#settle-hands-W", "123m456p789s1z2z3z4z"}, {"#settle-hands-N", "111m222p333s4z5z6z7z"}, {"#settle-mahjong", "E"}, {"#score-win", "self-draw"}},
		settleWant: []string{"went Mahjong", "2350 points", "2050 points"},
		refused: [][2]string{{`input[name="ledger-winner"][value="Ann"]`, "true"}, {"#ledger-hand-0", "123m456p789s1z2z3z4z5z"}, {"#ledger-hand-1", "123m456p777z99p5m8s"},
			{"#ledger-hand-2", "123m456p789s1z2z3z4z"}, {"#ledger-hand-3", "111m222p333s4z5z6z7z"}},
		refusedWant: "Ann went Mahjong, but the hand is not a win",
		record:      [][2]string{{"#ledger-hand-0", ""}, {"#ledger-hand-1", ""}, {"#ledger-hand-2", ""}, {"#ledger-hand-3", ""}, {"#ledger-points-0", "2700"}, {"#ledger-points-1", "1800"}, {"#ledger-points-2", "-400"}, {"#ledger-points-3", "0"}},
		recordWant:  []string{"Hand 1 recorded", "Ann won", "Ann +2700", "Cy -400"}},
	{rules: "riichi", typed: "234m23p456p678s99s+1p", count: "14",
		altTap: []string{"2m", "3m", "4m", "2p", "3p", "4p", "5p", "6p", "6s", "7s", "8s", "9s", "9s", "+", "1p"}, altTotal: "2700 points",
		situation: [][2]string{{"#score-riichi", "true"}, {"#score-win", "tsumo"}, {"#score-seat", "S"}}, total: "2700 points", facts: []string{"Riichi", "Pinfu", "20"},
		// riichi's ledger takes the hand's worth, which it refuses as bad input, not as a hand
		// the table does not take: no refused hand
		record:     [][2]string{{`input[name="ledger-winner"][value="Ann"]`, "true"}, {"#ledger-discarder", "Bo"}, {"#ledger-han", "3"}, {"#ledger-fu", "30"}},
		recordWant: []string{"Hand 1 recorded", "Ann won", "Ann +5800", "Bo -5800"}},
}

// TestPageFamiliesInChromium drives the served page through each family's flow at 360 and 1024 px:
// enter a hand by tapping and by typing, score it, settle it, see a ledger hand refused (the form
// kept) and one recorded (who won, its worth, each player's change), undo it after being asked,
// the ledger file verified and shown by the command line at each step, and switch to 中文.
func TestPageFamiliesInChromium(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: no browser")
	}
	ctx, problems := browser(t)
	for _, f := range familyFlows {
		for _, width := range flowWidths {
			t.Run(fmt.Sprintf("%s/%dpx", f.rules, width), func(t *testing.T) {
				dir := t.TempDir()
				opt := server.Options{Addr: "127.0.0.1:0", Rules: f.rules}
				var file func() string
				if f.record != nil {
					led := filepath.Join(dir, "evening.jsonl")
					cli(t, 0, "ledger", "new", led, "--players", "Ann,Bo,Cy,Di", "--rules", f.rules)
					opt.Ledger = openLedger(t, led)
					file = func() string { return led }
				}
				s, err := server.New(opt)
				if err != nil {
					t.Fatal(err)
				}
				ts := httptest.NewServer(s.Handler())
				defer ts.Close()
				runFlow(tab{t, ctx}, f, ts.URL+"/", width, file)
			})
		}
	}
	if p := problems(); len(p) > 0 {
		t.Errorf("the page reported problems:\n%s", strings.Join(p, "\n"))
	}
}

// flowWidths are the screens each family's flow is played on: a phone and a tablet.
var flowWidths = []int64{360, 1024}

// runFlow drives the page at url through f on a screen width px wide. ledgerFile is the evening's
// ledger as a file (nil without one): the served page's own, or the offline page's exported; each
// look at it is mjref ledger verify and show of the file.
func runFlow(p tab, f familyFlow, url string, width int64, ledgerFile func() string) {
	t := p.t
	defer chromedp.Do(step(t, p.ctx), chromedp.Navigate("about:blank")) //nolint:errcheck // leave the page before its server closes
	var show func() string
	if ledgerFile != nil {
		show = func() string {
			file := ledgerFile()
			cli(t, 0, "ledger", "verify", file)
			return cli(t, 0, "ledger", "show", file, "-o", "json")
		}
	}
	p.do("open the page", chromedp.EmulateViewport(width, 800), chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS(`body[data-ready="true"]`)))
	p.chooseRules(f.rules)
	if f.tap != nil {
		p.do("tap the hand", chromedp.Click(chromedp.CSS(`#clear`)), tapTiles(f.tap...))
	} else {
		p.typeHand(f.typed)
	}
	p.until("the count", fmt.Sprintf(`document.querySelector("#count").textContent === %q`, f.count))
	if f.tap != nil {
		// The picker warns past a full hand and refuses a fifth copy.
		last := f.tap[len(f.tap)-1]
		p.do("tap past a full hand", tapTiles(last))
		p.until("the warning past a full hand", `!document.querySelector("#hand-warning").hidden`)
		p.contains("past a full hand", `#hand-warning`, "more than a full hand")
		for js[int](p, fmt.Sprintf(`document.querySelectorAll('#hand-tiles svg[aria-label^="%s "]').length`, last)) < 4 {
			p.do("tap up to four", tapTiles(last))
		}
		p.do("tap a fifth copy", tapTiles(last))
		p.until("the fifth copy refused", `!document.querySelector("#picker-note").hidden`)
		p.contains("a fifth copy", `#picker-note`, last+": a hand holds at most 4")
		for js[string](p, `document.querySelector("#count").textContent`) != f.count {
			p.click(`#back`)
		}
	}
	for _, kv := range f.situation {
		p.set(kv[0], kv[1])
	}
	// Score: the Score button is on the screen with the hand entered.
	if onScreen := js[bool](p, `(() => { const r = document.querySelector("#do-score").getBoundingClientRect(); return r.bottom <= window.innerHeight && r.top >= 0; })()`); !onScreen {
		t.Errorf("the Score button is off the screen at %d px", width)
	}
	if f.typed != "" {
		// Enter in the notation field scores.
		p.do("Enter scores", chromedp.Click(chromedp.CSS(`#notation`)), chromedp.KeyEvent("\r"))
	} else {
		p.click(`#do-score`)
	}
	p.until("the score", `document.querySelector("#score-result .score-total") !== null`)
	p.contains("score", `#score-result .score-total`, f.total)
	p.contains("score", `#score-result`, f.facts...)
	if overflow := js[bool](p, `document.documentElement.scrollWidth > window.innerWidth`); overflow {
		t.Errorf("at %d px the page is wider than the screen", width)
	}
	// The other way of entering a hand: typed after tapping, tapped after typing.
	switch {
	case f.altTyped != "":
		p.typeHand(f.altTyped)
		p.until("the typed count", fmt.Sprintf(`document.querySelector("#count").textContent === %q`, f.count))
		p.do("Enter scores", chromedp.Click(chromedp.CSS(`#notation`)), chromedp.KeyEvent("\r"))
	case f.altTap != nil:
		p.do("tap the hand", chromedp.Click(chromedp.CSS(`#clear`)), tapTiles(f.altTap...))
		p.until("the tapped count", fmt.Sprintf(`document.querySelector("#count").textContent === %q`, f.count))
		p.click(`#do-score`)
	}
	if f.altTotal != "" {
		p.until("the score of the hand entered the other way", `document.querySelector("#score-result .score-total") !== null && document.querySelector("#result").dataset.stale === "false"`)
		p.contains("score", `#score-result .score-total`, f.altTotal)
	}
	// The result goes stale as soon as the situation changes.
	p.set(`#score-seat`, "W")
	p.until("the result marked stale", `document.querySelector("#result").dataset.stale === "true"`)
	p.set(`#score-seat`, "E")
	for _, kv := range f.situation {
		if kv[0] == "#score-seat" {
			p.set(kv[0], kv[1])
		}
	}
	if js[bool](p, `document.querySelector("#do-settle") !== null`) {
		for _, kv := range f.settle {
			p.set(kv[0], kv[1])
		}
		p.click(`#do-settle`)
		p.until("the settlement", `document.querySelector("#settle-result, #result .error") !== null`)
		p.contains("settle", `#result`, f.settleWant...)
	}
	if show == nil {
		p.do("中文", chromedp.Click(chromedp.CSS(`#lang`)), chromedp.WaitVisible(chromedp.CSS(`#do-score`)))
		if b := p.text(`#do-score`); b != "計分" {
			t.Errorf("in Chinese the score button reads %q", b)
		}
		p.click(`#lang`)
		return
	}
	if js[bool](p, `document.querySelector('meta[name="mjref-mode"]').content === "offline"`) {
		// The offline page keeps its own evening: a new one for this family.
		awaitJS(p, `(async () => { await Book.clear(); await Page.loadLedger(); return true; })()`)
		startEvening(p)
	}
	// A hand the table does not take is refused in red, with its reason, and the form kept.
	if f.refused != nil {
		if f.refusedHand != "" {
			p.typeHand(f.refusedHand)
		}
		for _, kv := range f.refused {
			p.set(kv[0], kv[1])
		}
		p.click(`#ledger-add`)
		p.until("the refusal", `document.querySelector("#ledger-msg").dataset.busy === "false"`)
		if js[bool](p, `document.querySelector("#ledger-added") !== null`) {
			t.Fatalf("a hand the table refuses was recorded: %s", p.text(`#ledger-msg`))
		}
		p.contains("refused", `#ledger-refused`, f.refusedWant)
		if got := show(); !strings.Contains(got, `"played": 0`) {
			t.Errorf("a refused hand was written:\n%s", got)
		}
		if kept := js[bool](p, `document.querySelector('input[name="ledger-winner"][value="Ann"]').checked`); !kept {
			t.Errorf("the form was cleared after a refused hand")
		}
	}
	for _, kv := range f.record {
		p.set(kv[0], kv[1])
	}
	if js[bool](p, `document.querySelector("#ledger-hand") !== null`) {
		p.set("#ledger-hand", "false")
	}
	p.click(`#ledger-add`)
	p.until("the hand recorded", `document.querySelector("#ledger-msg").dataset.busy === "false"`)
	p.contains("recorded", `#ledger-msg`, f.recordWant...)
	got := show()
	var st struct {
		Played    int
		Standings []struct {
			Player string
			Total  float64
		}
	}
	if err := json.Unmarshal([]byte(got), &st); err != nil || st.Played != 1 {
		t.Fatalf("the ledger after the page's add (%v):\n%s", err, got)
	}
	if top, want := p.text(`#standings tbody tr:first-child`), st.Standings[0].Player; !strings.Contains(top, want) {
		t.Errorf("first in the standings: %q, want %s as the ledger has it", top, want)
	}
	if names := js[string](p, `[...document.querySelectorAll("#ledger-chart text.name")].map(e => e.textContent).join(",")`); !strings.Contains(names, "Ann") {
		t.Errorf("the chart's names %q: want the players' names as text", names)
	}
	// No value the page failed to render reaches the screen as a word of JavaScript's.
	if junk := js[string](p, `(document.body.innerText.match(/\b(null|undefined|NaN)\b|\[object Object\]/g) || []).join(",")`); junk != "" {
		t.Errorf("the page shows %q", junk)
	}
	if os.Getenv("UPDATE_SCREENSHOTS") != "" && f.rules == "hk" && width == flowWidths[0] {
		name := "serve"
		if js[bool](p, `document.querySelector('meta[name="mjref-mode"]').content === "offline"`) {
			name = "page-offline"
		}
		screenshot(t, p.ctx, 360, filepath.Join("..", "docs", name+"-360.png"))
		screenshot(t, p.ctx, 1024, filepath.Join("..", "docs", name+"-1024.png"))
	} else {
		screenshot(t, p.ctx, 360, filepath.Join(t.TempDir(), "360.png"))
		screenshot(t, p.ctx, 1024, filepath.Join(t.TempDir(), "1024.png"))
	}
	p.do(fmt.Sprintf("back to %d px", width), chromedp.EmulateViewport(width, 800))
	// Undo asks first, and says what it takes back.
	p.click(`#ledger-undo`)
	p.until("the question", `document.querySelector("#undo-confirm") !== null`)
	p.contains("undo asks", `#undo-confirm`, "Take back hand 1", "Ann")
	if got := show(); !strings.Contains(got, `"played": 1`) {
		t.Errorf("the hand was undone before the answer")
	}
	p.click(`#undo-yes`)
	p.until("undone", `document.querySelector("#ledger-undone") !== null`)
	p.contains("undone", `#ledger-undone`, "Hand 1 taken back", "Ann")
	if got := show(); !strings.Contains(got, `"played": 0`) {
		t.Fatalf("the ledger after the page's undo:\n%s", got)
	}
	// 中文: the page's words, the win kinds and the units.
	p.do("中文", chromedp.Click(chromedp.CSS(`#lang`)), chromedp.WaitVisible(chromedp.CSS(`#do-score`)))
	if b := p.text(`#do-score`); b != "計分" {
		t.Errorf("in Chinese the score button reads %q", b)
	}
	p.click(`#do-score`)
	p.until("the score in Chinese", `document.querySelector("#score-result .verdict") !== null`)
	if v := p.text(`#score-result .verdict`); !strings.ContainsAny(v, "成非") {
		t.Errorf("in Chinese the verdict reads %q", v)
	}
	p.click(`#lang`)
}
