package interp

import (
	"reflect"
	"testing"
)

// TestPushFrameSetsEveryField guards pushFrame, which resets a pooled frame
// field by field: a field added to frame must be reset there too.
func TestPushFrameSetsEveryField(t *testing.T) {
	want := []string{"th", "mod", "fn", "code", "name", "slots", "cells", "free", "pos", "ret", "exc", "gen"}
	ft := reflect.TypeOf(frame{})
	var got []string
	for i := 0; i < ft.NumField(); i++ {
		got = append(got, ft.Field(i).Name)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("frame fields are %v; pushFrame resets %v: update pushFrame and this list", got, want)
	}
	in := New(Options{})
	th := in.newThread()
	defer th.done()
	code := &Code{Name: "f", nslots: 2}
	fr := th.pushFrame(code, nil, nil, th.reserve(2), code.Pos)
	fr.ret, fr.exc, fr.name = Str("stale"), &Exception{}, "stale"
	th.popFrame(0)
	fr2 := th.pushFrame(code, nil, nil, th.reserve(2), code.Pos)
	if fr2 != fr || fr2.ret != nil || fr2.exc != nil || fr2.name != "" || len(fr2.slots) != 2 {
		t.Errorf("a reused frame keeps stale state: %+v", fr2)
	}
}
