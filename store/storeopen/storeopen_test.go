package storeopen_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/minidana/dana/store"
	"github.com/minidana/dana/store/pgstore"
	"github.com/minidana/dana/store/pgstore/pgtest"
	"github.com/minidana/dana/store/storeopen"
)

var server pgtest.Shared

func TestMain(m *testing.M) {
	code := m.Run()
	server.Stop()
	os.Exit(code)
}

func TestTargetPrecedence(t *testing.T) {
	env := map[string]string{"DANA_HOME": "/h", "DANA_STORE_URL": "postgres://db/x"}
	getenv := func(k string) string { return env[k] }
	for _, tc := range []struct{ flag, url, want string }{
		{"/flag", "postgres://db/x", "/flag"},
		{"", "postgres://db/x", "postgres://db/x"},
		{"", "", filepath.Join("/h", "store")},
	} {
		env["DANA_STORE_URL"] = tc.url
		got, err := storeopen.Target(tc.flag, getenv)
		if err != nil || got != tc.want {
			t.Errorf("Target(%q) with DANA_STORE_URL=%q = %q, %v; want %q", tc.flag, tc.url, got, err, tc.want)
		}
	}
}

func TestOpenChoosesBackend(t *testing.T) {
	b, err := storeopen.Open(t.TempDir(), store.Options{}, false)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := b.(*store.Store); !ok {
		t.Errorf("a directory opened %T", b)
	}
	b.Close()
	url := server.Get(t).NewDatabase(t)
	b, err = storeopen.Open(url, store.Options{}, true)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if _, ok := b.(*pgstore.Store); !ok {
		t.Errorf("a postgres URL opened %T", b)
	}
	if err := b.AddLearning(&store.Learning{Text: "x", Function: "f", Module: "/m"}); err != nil {
		t.Fatal(err)
	}
}
