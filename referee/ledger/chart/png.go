package chart

import (
	"image"
	"image/draw"
	"image/png"
	"io"
	"math"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// pngScale is a PNG's pixels a point: 144 dpi.
const pngScale = 2

// writePNG rasterises the layout: each line stroked as filled quadrilaterals (round joins) with
// the vector rasteriser, the text set in the face.
func (l *layout) writePNG(w io.Writer, f *face) error {
	width, height := int(math.Round(pageWidth*pngScale)), int(math.Round(pageHeight*pngScale))
	img := image.NewRGBA(image.Rect(0, 0, width, height))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	r := vector.NewRasterizer(width, height)
	for _, o := range l.ops {
		switch {
		case o.line != nil:
			drawLine(img, r, o.line)
		case o.box != nil:
			b := o.box
			rect := image.Rect(int(math.Round(b.x0*pngScale)), int(math.Round(b.y0*pngScale)), int(math.Round(b.x1*pngScale)), int(math.Round(b.y1*pngScale)))
			draw.Draw(img, rect, image.NewUniform(b.color), image.Point{}, draw.Over)
		case o.text != nil:
			fc, err := f.sizedFace(o.text.size * pngScale)
			if err != nil {
				return err
			}
			drawText(img, fc, *o.text)
		}
	}
	return png.Encode(w, img)
}

// drawLine strokes one line, rasterising only the box it lies in.
func drawLine(img *image.RGBA, r *vector.Rasterizer, pl *placedLine) {
	hw := pl.style.width * pngScale / 2
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range pl.points {
		x0, y0 = min(x0, p.x*pngScale), min(y0, p.y*pngScale)
		x1, y1 = max(x1, p.x*pngScale), max(y1, p.y*pngScale)
	}
	box := image.Rect(int(math.Floor(x0-hw-1)), int(math.Floor(y0-hw-1)), int(math.Ceil(x1+hw+1)), int(math.Ceil(y1+hw+1))).Intersect(img.Bounds())
	if box.Empty() {
		return
	}
	pts := make([]xy, len(pl.points))
	for i, p := range pl.points {
		pts[i] = xy{p.x*pngScale - float64(box.Min.X), p.y*pngScale - float64(box.Min.Y)}
	}
	dashes := make([]float64, len(pl.style.dashes))
	for i, d := range pl.style.dashes {
		dashes[i] = d * pngScale
	}
	r.Reset(box.Dx(), box.Dy())
	for _, piece := range dash(pts, dashes) {
		stroke(r, piece, hw)
	}
	r.Draw(img, box, image.NewUniform(pl.style.color), image.Point{})
}

// drawText sets one text at its anchor; a rotated one reads upwards.
func drawText(img *image.RGBA, fc font.Face, t placedText) {
	src := image.NewUniform(t.color)
	advance := font.MeasureString(fc, t.text)
	shift := fixed.Int26_6(0)
	switch t.anchor {
	case anchorMiddle:
		shift = advance / 2
	case anchorEnd:
		shift = advance
	}
	x, y := fixed.Int26_6(t.x*pngScale*64), fixed.Int26_6(t.y*pngScale*64)
	if !t.rotate {
		d := font.Drawer{Dst: img, Src: src, Face: fc, Dot: fixed.Point26_6{X: x - shift, Y: y}}
		d.DrawString(t.text)
		return
	}
	// Set it level in a mask, turn the mask a quarter to the left, and paint through it.
	m := fc.Metrics()
	ascent, descent := m.Ascent.Ceil(), m.Descent.Ceil()
	w, h := advance.Ceil()+1, ascent+descent
	level := image.NewAlpha(image.Rect(0, 0, w, h))
	d := font.Drawer{Dst: level, Src: image.Opaque, Face: fc, Dot: fixed.P(0, ascent)}
	d.DrawString(t.text)
	turned := image.NewAlpha(image.Rect(0, 0, h, w))
	for v := range h {
		for u := range w {
			turned.Pix[(w-1-u)*turned.Stride+v] = level.Pix[v*level.Stride+u]
		}
	}
	// The baseline runs up the column at ascent; the text's start is at the bottom.
	left := x.Round() - ascent
	bottom := y.Round() + shift.Round()
	rect := image.Rect(left, bottom-w, left+h, bottom)
	draw.DrawMask(img, rect, src, image.Point{}, turned, image.Point{}, draw.Over)
}

// dash cuts a polyline into the pieces a dash pattern draws (all of it for no pattern).
func dash(pts []xy, pattern []float64) [][]xy {
	if len(pts) < 2 {
		return nil
	}
	if len(pattern) == 0 {
		return [][]xy{pts}
	}
	var out [][]xy
	i, left, on := 0, pattern[0], true
	cur := []xy{pts[0]}
	for k := 1; k < len(pts); k++ {
		a, b := pts[k-1], pts[k]
		n := math.Hypot(b.x-a.x, b.y-a.y)
		pos := 0.0
		for n-pos > left {
			pos += left
			p := xy{a.x + (b.x-a.x)*pos/n, a.y + (b.y-a.y)*pos/n}
			if on {
				out = append(out, append(cur, p))
				cur = nil
			} else {
				cur = []xy{p}
			}
			on = !on
			i = (i + 1) % len(pattern)
			left = max(pattern[i], 0.01)
		}
		left -= n - pos
		if on {
			cur = append(cur, b)
		}
	}
	if on && len(cur) > 1 {
		out = append(out, cur)
	}
	return out
}

// stroke adds a polyline of half-width hw to r: a quadrilateral a segment and a disc at each
// inner corner, all wound the same way so that their overlaps add up rather than cancel.
func stroke(r *vector.Rasterizer, pts []xy, hw float64) {
	for k := 1; k < len(pts); k++ {
		a, b := pts[k-1], pts[k]
		n := math.Hypot(b.x-a.x, b.y-a.y)
		if n == 0 {
			continue
		}
		nx, ny := -(b.y-a.y)/n*hw, (b.x-a.x)/n*hw
		fill(r, xy{a.x + nx, a.y + ny}, xy{b.x + nx, b.y + ny}, xy{b.x - nx, b.y - ny}, xy{a.x - nx, a.y - ny})
		if k < len(pts)-1 {
			disc := make([]xy, 12)
			for i := range disc {
				t := float64(i) * 2 * math.Pi / float64(len(disc))
				disc[i] = xy{b.x + hw*math.Cos(t), b.y + hw*math.Sin(t)}
			}
			fill(r, disc...)
		}
	}
}

// fill adds a closed polygon to r, wound clockwise on the page.
func fill(r *vector.Rasterizer, pts ...xy) {
	area := 0.0
	for i, p := range pts {
		q := pts[(i+1)%len(pts)]
		area += p.x*q.y - q.x*p.y
	}
	if area < 0 {
		for i, j := 0, len(pts)-1; i < j; i, j = i+1, j-1 {
			pts[i], pts[j] = pts[j], pts[i]
		}
	}
	r.MoveTo(float32(pts[0].x), float32(pts[0].y))
	for _, p := range pts[1:] {
		r.LineTo(float32(p.x), float32(p.y))
	}
	r.ClosePath()
}
