<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fi_FI">
<context>
    <name>AboutDialog</name>
    <message>
        <location filename="../../chessgui/dialogs/about.py" line="+25"/>
        <source>Chess</source>
        <translation>Shakki</translation>
    </message>
    <message>
        <location line="+142"/>
        <source>About {program}</source>
        <translation>Tietoja: {program}</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Version {escape}</source>
        <translation>Versio {escape}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Play the computer, watch it play itself, set up and analyse positions.</source>
        <translation>Pelaa tietokonetta vastaan, katso sen pelaavan itseään vastaan, aseta ja analysoi asemia.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Free software under the &lt;a href=&quot;{LICENSE_URL}&quot;&gt;GNU General Public License&lt;/a&gt;, version 3 or (at your option) any later version ({LICENSE_NAME}). It comes with absolutely no warranty.</source>
        <translation>Vapaa ohjelma &lt;a href=&quot;{LICENSE_URL}&quot;&gt;GNU General Public License&lt;/a&gt; -lisenssin version 3 tai (valintasi mukaan) minkä tahansa myöhemmän version ehdoilla ({LICENSE_NAME}). Ohjelmalla ei ole minkäänlaista takuuta.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Credits and licences</source>
        <translation>Tekijät ja lisenssit</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;p&gt;&lt;b&gt;Built on&lt;/b&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Rakennettu näiden varaan&lt;/b&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Copy version info</source>
        <translation>Kopioi versiotiedot</translation>
    </message>
</context>
<context>
    <name>AccessEditor</name>
    <message>
        <location filename="../../chessgui/dialogs/access_editor.py" line="+17"/>
        <source>&amp;Play sounds</source>
        <translation>&amp;Soita äänet</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Sound volume</source>
        <translation>Äänenvoimakkuus</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Sounds for</source>
        <translation>Äänet tapahtumille</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&amp;Announce moves, checks and the game&apos;s end to screen readers</source>
        <translation>&amp;Ilmoita siirrot, shakit ja pelin päättyminen ruudunlukijoille</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Keyboard: / types a move (e4, Nf3, O-O, e7e8q), or just type on the board; Ctrl+Shift+S reads the position; Left/Right step through the moves.</source>
        <translation>Näppäimistö: / aloittaa siirron kirjoittamisen (e4, Nf3, O-O, e7e8q), tai kirjoita suoraan laudalla; Ctrl+Shift+S lukee aseman; Vasen/Oikea selaa siirtoja.</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>&amp;Volume ({value}%):</source>
        <translation>&amp;Voimakkuus ({value} %):</translation>
    </message>
</context>
<context>
    <name>AccessPresenter</name>
    <message>
        <location filename="../../chessgui/access_presenter.py" line="+72"/>
        <source>{side_name}: {seconds} seconds left</source>
        <translation>{side_name}: {seconds} sekuntia jäljellä</translation>
    </message>
</context>
<context>
    <name>AnalysisView</name>
    <message>
        <location filename="../../chessgui/views/analysis_view.py" line="+118"/>
        <location line="+57"/>
        <location line="+31"/>
        <source>Analysis</source>
        <translation>Analyysi</translation>
    </message>
    <message>
        <location line="-83"/>
        <source>The engine that analyses (always at full strength)</source>
        <translation>Analysoiva moottori (aina täydellä voimalla)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Lines: </source>
        <translation>Muunnelmia: </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How many best lines to show (MultiPV)</source>
        <translation>Montako parasta muunnelmaa näytetään (MultiPV)</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>Analysis (stopped)</source>
        <translation>Analyysi (pysäytetty)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>depth {reached}</source>
        <translation>syvyys {reached}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{engine_name} · {depth} · {count} nodes · {count2} n/s</source>
        <translation>{engine_name} · {depth} · {count} solmua · {count2} solmua/s</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{engine_name} · thinking…</source>
        <translation>{engine_name} · miettii…</translation>
    </message>
</context>
<context>
    <name>Announcer</name>
    <message>
        <location filename="../../chessgui/views/announcer.py" line="+162"/>
        <source>Last announcement</source>
        <translation>Viimeisin ilmoitus</translation>
    </message>
</context>
<context>
    <name>AutosaveKeeper</name>
    <message>
        <location filename="../../chessgui/storage/autosave_keeper.py" line="+102"/>
        <source>The autosaved game could not be read: {error}</source>
        <translation>Automaattisesti tallennettua peliä ei voitu lukea: {error}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>A position you set up ({white} – {black}, no moves yet) was kept from last time. Resume it?</source>
        <translation>Asettamasi asema ({white} – {black}, ei vielä siirtoja) säilyi viime kerralta. Jatketaanko sitä?</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>An unfinished game ({white} – {black}, {moves} move) was kept from last time. Resume it?</source>
        <translation>Keskeneräinen peli ({white} – {black}, {moves} siirto) säilyi viime kerralta. Jatketaanko sitä?</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>An unfinished game ({white} – {black}, {moves} moves) was kept from last time. Resume it?</source>
        <translation>Keskeneräinen peli ({white} – {black}, {moves} siirtoa) säilyi viime kerralta. Jatketaanko sitä?</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>The game could not be autosaved ({strerror}); it is still open here.</source>
        <translation>Peliä ei voitu tallentaa automaattisesti ({strerror}); se on yhä auki tässä.</translation>
    </message>
</context>
<context>
    <name>AutosaveSnapshot</name>
    <message>
        <location filename="../../chessgui/storage/autosave.py" line="+76"/>
        <source>the saved game is empty</source>
        <translation>tallennettu peli on tyhjä</translation>
    </message>
</context>
<context>
    <name>AutosaveStore</name>
    <message>
        <location line="+101"/>
        <source>not a JSON object</source>
        <translation>ei ole JSON-objekti</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the autosave details (players, clocks) were damaged ({error}) and were moved to {name}</source>
        <translation>automaattitallennuksen tiedot (pelaajat, kellot) olivat vioittuneet ({error}) ja ne siirrettiin tiedostoon {name}</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>{count} unreadable move(s)</source>
        <translation>lukukelvottomia siirtoja: {count}</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The autosaved game could not be read ({error}). It was moved aside to {value} so it can be inspected; the program starts with a new game.</source>
        <translation>Automaattisesti tallennettua peliä ei voitu lukea ({error}). Se siirrettiin syrjään tiedostoon {value} tarkastelua varten; ohjelma aloittaa uuden pelin.</translation>
    </message>
</context>
<context>
    <name>BoardAccessibility</name>
    <message>
        <location filename="../../chessgui/views/board/accessibility.py" line="+56"/>
        <source>Chess board</source>
        <translation>Shakkilauta</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{side_name} to move</source>
        <translation>{side_name} siirtää</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, in check</source>
        <translation>, shakissa</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{turn}. Type a move on the board or press / to enter one.</source>
        <translation>{turn}. Kirjoita siirto laudalla tai paina / syöttääksesi sen.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Arrow keys move over the squares, Space picks up and puts down a piece, S describes the square.</source>
        <translation>Nuolinäppäimet liikkuvat ruudusta toiseen, välilyönti nostaa ja laskee nappulan, S kuvailee ruudun.</translation>
    </message>
</context>
<context>
    <name>BoardEditorDialog</name>
    <message>
        <location filename="../../chessgui/dialogs/board_editor/editor_dialog.py" line="+35"/>
        <source>White O-O</source>
        <translation>Valkea O-O</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>White O-O-O</source>
        <translation>Valkea O-O-O</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Black O-O</source>
        <translation>Musta O-O</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Black O-O-O</source>
        <translation>Musta O-O-O</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Set up a position</source>
        <translation>Aseta asema</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>White to move</source>
        <translation>Valkea siirtää</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Black to move</source>
        <translation>Musta siirtää</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Castling rights</source>
        <translation>Linnoitusoikeudet</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Only squares where an en passant capture is possible right now are offered.</source>
        <translation>Tarjolla ovat vain ruudut, joilla ohestalyönti on juuri nyt mahdollinen.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>FEN of the position</source>
        <translation>Aseman FEN</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Start position</source>
        <translation>Alkuasema</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Clear board</source>
        <translation>Tyhjennä lauta</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Flip board</source>
        <translation>Käännä lauta</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Copy FEN</source>
        <translation>Kopioi FEN</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Play from here</source>
        <translation>Pelaa tästä</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Side to move:</source>
        <translation>Siirtovuoro:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>En passant:</source>
        <translation>Ohestalyönti:</translation>
    </message>
    <message>
        <location line="+94"/>
        <source>none</source>
        <translation>ei mitään</translation>
    </message>
</context>
<context>
    <name>BoardKeyboardInput</name>
    <message>
        <location filename="../../chessgui/views/board/keyboard_input.py" line="+121"/>
        <location line="+44"/>
        <source>Selection cancelled.</source>
        <translation>Valinta peruttu.</translation>
    </message>
    <message>
        <location line="-10"/>
        <source>An earlier position is shown; press End to return to the game.</source>
        <translation>Näkyvissä on aiempi asema; palaa peliin End-näppäimellä.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>You cannot move now.</source>
        <translation>Et voi siirtää nyt.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Promote to: Q queen, N knight, R rook, B bishop. Escape cancels.</source>
        <translation>Korota: Q daami, N ratsu, R torni, B lähetti. Escape peruuttaa.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: cannot go to %2. Nothing is selected.</source>
        <translation>%1: ei voi siirtyä ruutuun %2. Mitään ei ole valittu.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: no piece of yours to pick up.</source>
        <translation>%1: ei omaa nappulaa nostettavaksi.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1: picked up. It can go to %2.</source>
        <translation>%1: nostettu. Se voi siirtyä ruutuihin %2.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: picked up. It has no legal move.</source>
        <translation>%1: nostettu. Sillä ei ole laillista siirtoa.</translation>
    </message>
</context>
<context>
    <name>BoardLookEditor</name>
    <message>
        <location filename="../../chessgui/dialogs/board_look_editor.py" line="+67"/>
        <source>Preview of the board as it will look</source>
        <translation>Esikatselu laudan ulkoasusta</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Board:</source>
        <translation>Lauta:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pieces:</source>
        <translation>Nappulat:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Window colours:</source>
        <translation>Ikkunan värit:</translation>
    </message>
    <message>
        <location filename="../../chessgui/views/board/piece_sets.py" line="+32"/>
        <source>Cburnett (lichess)</source>
        <translation>Cburnett (lichess)</translation>
    </message>
    <message>
        <location filename="../../chessgui/views/board/theme.py" line="+149"/>
        <source>Brown</source>
        <translation>Ruskea</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Blue</source>
        <translation>Sininen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Green</source>
        <translation>Vihreä</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>IC (grey and olive)</source>
        <translation>IC (harmaa ja oliivi)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Purple</source>
        <translation>Violetti</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Grey</source>
        <translation>Harmaa</translation>
    </message>
</context>
<context>
    <name>BookEditor</name>
    <message>
        <location filename="../../chessgui/dialogs/book_editor.py" line="+22"/>
        <source>Random, by weight (varied games)</source>
        <translation>Satunnainen painon mukaan (vaihtelevat pelit)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Best weight (always the same)</source>
        <translation>Suurin paino (aina sama)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Play opening book moves</source>
        <translation>Pelaa avauskirjan siirtoja</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Opening book file</source>
        <translation>Avauskirjan tiedosto</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A polyglot .bin book; leave empty for the default book</source>
        <translation>Polyglot-muotoinen .bin-kirja; jätä tyhjäksi oletuskirjaa varten</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Choose…</source>
        <translation>Valitse…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>up to move </source>
        <translation>enintään siirtoon </translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Book file:</source>
        <translation>Kirjatiedosto:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Book depth:</source>
        <translation>Kirjan syvyys:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Book moves:</source>
        <translation>Kirjan siirrot:</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Choose an opening book</source>
        <translation>Valitse avauskirja</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Polyglot books (*.bin);;All files (*)</source>
        <translation>Polyglot-kirjat (*.bin);;Kaikki tiedostot (*)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>{problem} The engine will play by search.</source>
        <translation>{problem} Moottori pelaa laskemalla.</translation>
    </message>
    <message>
        <location filename="../../chessgui/storage/book.py" line="+38"/>
        <source>Default book (GNU Chess, public domain)</source>
        <extracomment>Where the default book lives inside ``chessgui.resources``. The name the settings and dialogs show for the default book.</extracomment>
        <translation>Oletuskirja (GNU Chess)</translation>
    </message>
</context>
<context>
    <name>BookPanel</name>
    <message>
        <location filename="../../chessgui/views/book_panel.py" line="+38"/>
        <source>Move</source>
        <translation>Siirto</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Share</source>
        <translation>Osuus</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Opening</source>
        <translation>Avaus</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Double-click a move, or press Enter, to play it on the board</source>
        <translation>Kaksoisnapsauta siirtoa tai paina Enter pelataksesi sen laudalla</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>{book}: {count} moves for {number}</source>
        <translation>{book}: {count} siirtoa, {number}</translation>
    </message>
</context>
<context>
    <name>BookPresenter</name>
    <message>
        <location filename="../../chessgui/book_presenter.py" line="+50"/>
        <source>The opening book is hidden while you play the computer; it shows again when the game ends.</source>
        <translation>Avauskirja on piilossa, kun pelaat tietokonetta vastaan; se näkyy taas pelin päätyttyä.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>{book} has no moves for this position.</source>
        <translation>{book}: ei siirtoja tähän asemaan.</translation>
    </message>
</context>
<context>
    <name>BookSettings</name>
    <message>
        <location filename="../../chessgui/storage/book.py" line="+45"/>
        <source>no book</source>
        <extracomment>Bounds of the &quot;maximum book depth&quot; setting, in full moves. Size of one polyglot entry: key (8), move (2), weight (2), learn (4) bytes. A game review counts a move as theory when the default book gives it at least this share of its position&apos;s weight: moves strong players choose, not every move a big book lists (GNU Chess&apos;s has 4. Bc4 in the Ruy Lopez, at 0.03%).</extracomment>
        <translation>ei kirjaa</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>default book</source>
        <translation>oletuskirja</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{name}, up to move {max_moves}</source>
        <translation>{name}, siirtoon {max_moves} asti</translation>
    </message>
</context>
<context>
    <name>ClockSnapshot</name>
    <message>
        <location filename="../../chessgui/clock/chess_clock.py" line="+87"/>
        <location line="+3"/>
        <source>The saved clock times are not readable.</source>
        <translation>Tallennettuja kelloaikoja ei voi lukea.</translation>
    </message>
</context>
<context>
    <name>ColorScheme</name>
    <message>
        <location filename="../../chessgui/storage/board_settings.py" line="+36"/>
        <source>Follow the system</source>
        <extracomment>Bounds the dialog offers and the loader enforces.</extracomment>
        <translation>Järjestelmän mukaan</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Light</source>
        <translation>Vaalea</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dark</source>
        <translation>Tumma</translation>
    </message>
</context>
<context>
    <name>ComputerPlayer</name>
    <message>
        <location filename="../../chessgui/engines/computer_player.py" line="+172"/>
        <source>The position is not valid for the engine: {error}</source>
        <translation>Asema ei kelpaa moottorille: {error}</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>The engine &apos;{name}&apos; chose an illegal move ({uci}).</source>
        <translation>Moottori &apos;{name}&apos; valitsi laittoman siirron ({uci}).</translation>
    </message>
</context>
<context>
    <name>Credit</name>
    <message>
        <location filename="../../chessgui/dialogs/about.py" line="-158"/>
        <source>rules, SAN, FEN, PGN, opening books, UCI engines</source>
        <translation>säännöt, SAN, FEN, PGN, avauskirjat, UCI-moottorit</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Niklas Fiekas and contributors</source>
        <translation>Niklas Fiekas ja muut tekijät</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>windows, drawing, SVG, threads</source>
        <translation>ikkunat, piirtäminen, SVG, säikeet</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>compiles the engine&apos;s search to machine code (via LLVM)</source>
        <translation>kääntää moottorin haun konekielelle (LLVM:n avulla)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Anaconda, Inc. and contributors</source>
        <translation>Anaconda, Inc. ja muut tekijät</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the engine&apos;s board and hash-table arrays</source>
        <translation>moottorin laudan ja hajautustaulun taulukot</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Piece artwork</source>
        <translation>Nappulakuvat</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the &quot;cburnett&quot; set by Colin M.L. Burnett, as shipped in python-chess</source>
        <translation>Colin M.L. Burnettin &quot;cburnett&quot;-sarja, python-chessin mukana toimitettuna</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>GFDL / BSD / GPL (triple-licensed)</source>
        <translation>GFDL / BSD / GPL (kolmoislisensoitu)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>GNU Chess opening book</source>
        <translation>GNU Chessin avauskirja</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the default opening book (book_1.02, polyglot format, via Debian&apos;s gnuchess-book)</source>
        <translation>oletusavauskirja (book_1.02, polyglot-muoto, Debianin gnuchess-book-paketista)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Public domain</source>
        <translation>Vapaa käyttö (public domain)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Scid ECO file</source>
        <translation>Scidin ECO-tiedosto</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>opening names and ECO codes (scid.eco, via Debian&apos;s scid-data)</source>
        <translation>avausten nimet ja ECO-koodit (scid.eco, Debianin scid-data-paketista)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shane Hudson and the Scid developers</source>
        <translation>Shane Hudson ja Scidin kehittäjät</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPL (any version; shipped as GPL-3.0-or-later)</source>
        <translation>GPL (mikä tahansa versio; toimitettu GPL-3.0-or-later-ehdoin)</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>{authors}; licence {license}.</source>
        <translation>{authors}; lisenssi {license}.</translation>
    </message>
</context>
<context>
    <name>EngineProbe</name>
    <message>
        <location filename="../../chessgui/dialogs/uci_engine_editor.py" line="+60"/>
        <source>The engine could not be checked: {error}</source>
        <extracomment>Options the user sets elsewhere in the dialog or that make no sense in a GUI game.</extracomment>
        <translation>Moottoria ei voitu tarkistaa: {error}</translation>
    </message>
</context>
<context>
    <name>EngineTimeMode</name>
    <message>
        <location filename="../../chessgui/clock/time_control.py" line="+373"/>
        <source>Play on the clock</source>
        <translation>Pelaa kellon mukaan</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fixed time per move</source>
        <translation>Kiinteä aika siirtoa kohden</translation>
    </message>
</context>
<context>
    <name>EngineWorker</name>
    <message>
        <location filename="../../chessgui/engines/builtin_worker.py" line="+202"/>
        <source>The built-in engine could not start: {error}</source>
        <translation>Sisäänrakennettu moottori ei käynnistynyt: {error}</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>The built-in engine failed: {error}</source>
        <translation>Sisäänrakennettu moottori epäonnistui: {error}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The engine found no legal move in this position.</source>
        <translation>Moottori ei löytänyt tästä asemasta laillista siirtoa.</translation>
    </message>
</context>
<context>
    <name>EvalBar</name>
    <message>
        <location filename="../../chessgui/views/eval_bar.py" line="+160"/>
        <source>Evaluation (no engine evaluation yet)</source>
        <translation>Arvio (moottorin arviota ei vielä ole)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Evaluation {format_score} (White&apos;s view), depth {depth}</source>
        <translation>Arvio {format_score} (valkean kannalta), syvyys {depth}</translation>
    </message>
</context>
<context>
    <name>EvalGraph</name>
    <message>
        <location filename="../../chessgui/views/eval_graph.py" line="+77"/>
        <source>Evaluation over the game: click or drag to go to a move</source>
        <translation>Arvio pelin aikana: napsauta tai vedä siirtyäksesi siirtoon</translation>
    </message>
</context>
<context>
    <name>FenDialog</name>
    <message>
        <location filename="../../chessgui/dialogs/fen_dialog.py" line="+33"/>
        <source>Position from FEN</source>
        <translation>Asema FEN-merkkijonosta</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Paste or type a FEN. Shortened FENs (just the pieces, or without move counters) are fine.</source>
        <translation>Liitä tai kirjoita FEN. Lyhennetyt FENit (pelkät nappulat tai ilman siirtolaskureita) kelpaavat.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>FEN</source>
        <translation>FEN</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Paste</source>
        <translation>Liitä</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Replace the text with the clipboard&apos;s</source>
        <translation>Korvaa teksti leikepöydän sisällöllä</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Play from this position</source>
        <translation>Pelaa tästä asemasta</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Paste or type a FEN: the position and any problem with it show here.</source>
        <translation>Liitä tai kirjoita FEN: asema ja sen mahdolliset ongelmat näkyvät tässä.</translation>
    </message>
</context>
<context>
    <name>GameArchive</name>
    <message>
        <location filename="../../chessgui/storage/game_archive.py" line="+90"/>
        <source>The game could not be kept in {path}: {error}</source>
        <translation>Peliä ei voitu tallentaa tiedostoon {path}: {error}</translation>
    </message>
</context>
<context>
    <name>GameCommandsPresenter</name>
    <message>
        <location filename="../../chessgui/game_commands_presenter.py" line="+52"/>
        <source>New game</source>
        <translation>Uusi peli</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Play from here</source>
        <translation>Pelaa tästä</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Settings</source>
        <translation>Asetukset</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Resign the game? {side} loses, and a resignation cannot be taken back.</source>
        <translation>Luovutetaanko peli? {side} häviää, eikä luovutusta voi perua.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Resign</source>
        <translation>Luovuta</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Copied FEN: {fen}</source>
        <translation>FEN kopioitu: {fen}</translation>
    </message>
</context>
<context>
    <name>GameController</name>
    <message>
        <location filename="../../chessgui/game/turns.py" line="+251"/>
        <source>{name} answered with an illegal move ({uci!r}).</source>
        <translation>{name} vastasi laittomalla siirrolla ({uci!r}).</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>{message} The game is paused; choose another engine or take over in Settings.</source>
        <translation>{message} Peli on keskeytetty; valitse toinen moottori tai ota ohjat itse asetuksista.</translation>
    </message>
</context>
<context>
    <name>GameDetailsDialog</name>
    <message>
        <location filename="../../chessgui/dialogs/game_details_dialog.py" line="+35"/>
        <source>YYYY.MM.DD (?? for unknown parts)</source>
        <translation>VVVV.KK.PP (?? tuntemattomille osille)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>e.g. 3 or 2.1</source>
        <translation>esim. 3 tai 2.1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>City, country</source>
        <translation>Kaupunki, maa</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Event</source>
        <translation>Tapahtuma</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Site</source>
        <translation>Paikka</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Date</source>
        <translation>Päivämäärä</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Round</source>
        <translation>Kierros</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>White</source>
        <translation>Valkea</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Black</source>
        <translation>Musta</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Game details</source>
        <translation>Pelin tiedot</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>{tag}:</source>
        <translation>{tag}:</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The result comes from the game itself</source>
        <translation>Tulos määräytyy itse pelistä</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Result:</source>
        <translation>Tulos:</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Date: write it as YYYY.MM.DD, with ?? for unknown parts (e.g. 2024.05.??).</source>
        <translation>Päivämäärä: kirjoita muodossa VVVV.KK.PP, tuntemattomat osat ??-merkeillä (esim. 2024.05.??).</translation>
    </message>
</context>
<context>
    <name>GameEnd</name>
    <message>
        <location filename="../../chessgui/game/game_end.py" line="+69"/>
        <source>Draw offers are for games against the computer.</source>
        <translation>Tasapeliä voi tarjota vain peleissä tietokonetta vastaan.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>{name} declines the draw: it considers draws only after move {DRAW_OFFER_MIN_MOVE}.</source>
        <translation>{name} hylkää tasapelitarjouksen: se harkitsee tasapeliä vasta siirron {DRAW_OFFER_MIN_MOVE} jälkeen.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{name} declines the draw; play on.</source>
        <translation>{name} hylkää tasapelitarjouksen; peli jatkuu.</translation>
    </message>
</context>
<context>
    <name>GameResult</name>
    <message>
        <location filename="../../chessgui/game/result.py" line="+86"/>
        <source>{loser} lost on time</source>
        <translation>{loser} hävisi ajalla</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Draw: {loser} ran out of time, but {winner} cannot checkmate</source>
        <translation>Tasapeli: {loser} ylitti ajan, mutta {winner} ei voi tehdä mattia</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Game aborted</source>
        <translation>Peli keskeytetty</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Draw</source>
        <translation>Tasapeli</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{winner} won</source>
        <translation>{winner} voitti</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Draw by agreement</source>
        <translation>Sovittu tasapeli</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Draw by {value}</source>
        <translation>Tasapeli: {value}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{loser} resigned: {winner} wins</source>
        <translation>{loser} luovutti: {winner} voittaa</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{winner} wins by {value}</source>
        <translation>{winner} voittaa: {value}</translation>
    </message>
</context>
<context>
    <name>GameTreeEditor</name>
    <message>
        <location filename="../../chessgui/game/tree_editor.py" line="+104"/>
        <source>a variation must branch off before the game&apos;s last move (go back a move to try other moves there)</source>
        <translation>muunnelman on haarauduttava ennen pelin viimeistä siirtoa (palaa siirto taaksepäin kokeillaksesi siinä muita siirtoja)</translation>
    </message>
</context>
<context>
    <name>HintPresenter</name>
    <message>
        <location filename="../../chessgui/engines/hint_presenter.py" line="+73"/>
        <source>A hint is for your move in the live position.</source>
        <extracomment>How long a hint search takes.</extracomment>
        <translation>Vihjeen saa omaan siirtoonsa pelin nykyisessä asemassa.</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Looking for a good move…</source>
        <translation>Etsitään hyvää siirtoa…</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Hint: {san}{score}</source>
        <translation>Vihje: {san}{score}</translation>
    </message>
</context>
<context>
    <name>HistoryBanner</name>
    <message>
        <location filename="../../chessgui/views/history_banner.py" line="+27"/>
        <source>Back to live position (End)</source>
        <translation>Takaisin nykyiseen asemaan (End)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Viewing move {ply} of {live_ply} — a move played here starts a variation</source>
        <translation>Näytetään siirto {ply}/{live_ply} — tässä pelattu siirto aloittaa muunnelman</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Viewing a variation — a move played here extends it</source>
        <translation>Näytetään muunnelma — tässä pelattu siirto jatkaa sitä</translation>
    </message>
</context>
<context>
    <name>InvalidFenError</name>
    <message>
        <location filename="../../chessgui/storage/fen_check.py" line="+60"/>
        <source>invalid FEN</source>
        <translation>virheellinen FEN</translation>
    </message>
</context>
<context>
    <name>LabRunner</name>
    <message>
        <location filename="../../chessgui/engines/lab_runner.py" line="+39"/>
        <source>Run stopped.</source>
        <translation>Ajo pysäytetty.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The run could not be done: {error}</source>
        <translation>Ajoa ei voitu tehdä: {error}</translation>
    </message>
</context>
<context>
    <name>Language</name>
    <message>
        <location filename="../../chessgui/i18n.py" line="+53"/>
        <source>System</source>
        <translation>Järjestelmä</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../chessgui/main_window.py" line="+64"/>
        <source>Chess</source>
        <translation>Shakki</translation>
    </message>
    <message>
        <location filename="../../chessgui/window_views.py" line="+61"/>
        <source>The opening of the position on the board (ECO code and name)</source>
        <translation>Laudalla olevan aseman avaus (ECO-koodi ja nimi)</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>Search lab</source>
        <translation>Hakulaboratorio</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Opening book</source>
        <translation>Avauskirja</translation>
    </message>
</context>
<context>
    <name>MoveEntry</name>
    <message>
        <location filename="../../chessgui/views/move_entry.py" line="+283"/>
        <source>Type a move (e4, Nf3, O-O, e7e8q) and press Enter — / to get here</source>
        <translation>Kirjoita siirto (e4, Nf3, O-O, e7e8q) ja paina Enter — / tuo tänne</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move entry</source>
        <translation>Siirron syöttö</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Type a move in SAN or UCI and press Enter. Tab completes.</source>
        <translation>Kirjoita siirto SAN- tai UCI-muodossa ja paina Enter. Sarkain täydentää.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Move entry message</source>
        <translation>Siirron syötön viesti</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Move:</source>
        <translation>&amp;Siirto:</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>It is not your move now.</source>
        <translation>Nyt ei ole sinun siirtovuorosi.</translation>
    </message>
</context>
<context>
    <name>MoveLogPanel</name>
    <message>
        <location filename="../../chessgui/views/move_log.py" line="+139"/>
        <source>Review the game: its mistakes and the better moves</source>
        <translation>Käy peli läpi: sen virheet ja paremmat siirrot</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Start position (Home)</source>
        <translation>Alkuasema (Home)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Previous move (Left)</source>
        <translation>Edellinen siirto (Vasen)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Next move (Right)</source>
        <translation>Seuraava siirto (Oikea)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Live position (End)</source>
        <translation>Nykyinen asema (End)</translation>
    </message>
    <message>
        <location line="+149"/>
        <source>Promote variation</source>
        <translation>Nosta muunnelmaa</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Make main line</source>
        <translation>Tee päämuunnelmaksi</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Continue the game from here…</source>
        <translation>Jatka peliä tästä…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Edit comment…</source>
        <translation>Muokkaa kommenttia…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Add comment…</source>
        <translation>Lisää kommentti…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Annotation symbol</source>
        <translation>Arviomerkki</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>No symbol</source>
        <translation>Ei merkkiä</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Delete from here</source>
        <translation>Poista tästä eteenpäin</translation>
    </message>
</context>
<context>
    <name>NodesChart</name>
    <message>
        <location filename="../../chessgui/views/search_lab_charts.py" line="+112"/>
        <source>Nodes per depth (log scale)</source>
        <translation>Solmut syvyyttä kohden (log-asteikko)</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>No search yet</source>
        <translation>Ei vielä hakua</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>this search</source>
        <translation>tämä haku</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>minimax {branching}^d</source>
        <translation>minimax {branching}^d</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ideal alpha-beta ≈ {branching}^(d/2)</source>
        <translation>ihanteellinen alfa-beeta ≈ {branching}^(d/2)</translation>
    </message>
</context>
<context>
    <name>PgnGamesDialog</name>
    <message>
        <location filename="../../chessgui/dialogs/pgn_games_dialog.py" line="+138"/>
        <source>Games in {name}</source>
        <translation>Pelit tiedostossa {name}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Filter by player, event, date, opening…</source>
        <translation>Suodata pelaajan, tapahtuman, päivämäärän, avauksen mukaan…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Filter games</source>
        <translation>Suodata pelejä</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Games</source>
        <translation>Pelit</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Reading {name}…</source>
        <translation>Luetaan {name}…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Problems found in the file</source>
        <translation>Tiedostosta löytyneet ongelmat</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>the file is empty</source>
        <translation>tiedosto on tyhjä</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>it holds no PGN tags or moves</source>
        <translation>siinä ei ole PGN-tunnisteita eikä siirtoja</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No games were found in {name}.</source>
        <translation>Tiedostosta {name} ei löytynyt pelejä.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No games were found in {name}: {reason}.</source>
        <translation>Tiedostosta {name} ei löytynyt pelejä: {reason}.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>1 game in {name}.</source>
        <translation>1 peli tiedostossa {name}.</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>{count} games in {name}.</source>
        <translation>{count} peliä tiedostossa {name}.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>1 game has problems (it opens up to the first error):</source>
        <translation>1 pelissä on ongelmia (se avautuu ensimmäiseen virheeseen asti):</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{count} games have problems (they open up to the first error):</source>
        <translation>{count} pelissä on ongelmia (ne avautuvat ensimmäiseen virheeseen asti):</translation>
    </message>
    <message>
        <location line="-10"/>
        <source> Some text was not UTF-8 and was read as Latin-1/Windows-1252.</source>
        <translation> Osa tekstistä ei ollut UTF-8-muotoista ja se luettiin Latin-1/Windows-1252-muodossa.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> Moves are checked when a game is opened.</source>
        <translation> Siirrot tarkistetaan, kun peli avataan.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Problems in the file:</source>
        <translation>Ongelmat tiedostossa:</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>&lt;span style=&apos;color:#b71c1c&apos;&gt;Game {index} ({players}) cannot be opened: {error}&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#b71c1c&apos;&gt;Peliä {index} ({players}) ei voi avata: {error}&lt;/span&gt;</translation>
    </message>
</context>
<context>
    <name>PgnGamesModel</name>
    <message>
        <location line="-244"/>
        <source>White</source>
        <translation>Valkea</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Black</source>
        <translation>Musta</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Result</source>
        <translation>Tulos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Date</source>
        <translation>Päivämäärä</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Event</source>
        <translation>Tapahtuma</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Opening</source>
        <translation>Avaus</translation>
    </message>
</context>
<context>
    <name>PgnLineReader</name>
    <message>
        <location filename="../../chessgui/storage/pgn/line_reader.py" line="+101"/>
        <source>the comment opened with &apos;{&apos; is never closed; the rest of the file was read as part of it</source>
        <translation>merkillä &apos;{&apos; alkavaa kommenttia ei suljeta koskaan; loput tiedostosta luettiin osaksi sitä</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>the comment opened with &apos;{&apos; is not closed before the next game; it was closed there</source>
        <translation>merkillä &apos;{&apos; alkavaa kommenttia ei suljeta ennen seuraavaa peliä; se suljettiin siihen</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>the tag line {shown} is broken; it was read as {fixed}</source>
        <translation>tunnisterivi {shown} on rikki; se luettiin muodossa {fixed}</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>the tag line {shown} is broken; it was skipped</source>
        <translation>tunnisterivi {shown} on rikki; se ohitettiin</translation>
    </message>
</context>
<context>
    <name>PieceLetters</name>
    <message>
        <location filename="../../chessgui/game/chess_words.py" line="+76"/>
        <source>Finnish (K D T L R)</source>
        <translation>Suomalaiset (K D T L R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>English (K Q R B N)</source>
        <translation>Englantilaiset (K Q R B N)</translation>
    </message>
</context>
<context>
    <name>PiecePalette</name>
    <message>
        <location filename="../../chessgui/dialogs/board_editor/palette.py" line="+114"/>
        <source>Move pieces (drag them; drag off the board to remove)</source>
        <translation>Siirrä nappuloita (vedä niitä; vedä laudan ulkopuolelle poistaaksesi)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Eraser: click a piece to remove it</source>
        <translation>Pyyhekumi: napsauta nappulaa poistaaksesi sen</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>White {piece}</source>
        <translation>Valkea {piece}</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Black {piece}</source>
        <translation>Musta {piece}</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>{name}: click a square or drag onto the board</source>
        <translation>{name}: napsauta ruutua tai vedä laudalle</translation>
    </message>
</context>
<context>
    <name>PieceRenderer</name>
    <message>
        <location filename="../../chessgui/views/board/piece_renderer.py" line="+55"/>
        <source>The piece image {name} is missing ({error}).</source>
        <translation>Nappulan kuva {name} puuttuu ({error}).</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The piece image {name} is not a valid SVG file.</source>
        <translation>Nappulan kuva {name} ei ole kelvollinen SVG-tiedosto.</translation>
    </message>
</context>
<context>
    <name>PlaySession</name>
    <message>
        <location filename="../../chessgui/game/session.py" line="+100"/>
        <source>White</source>
        <translation>Valkea</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Black</source>
        <translation>Musta</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{side}: {problem} The engine plays by search.</source>
        <translation>{side}: {problem} Moottori pelaa laskemalla.</translation>
    </message>
</context>
<context>
    <name>PlayerEditor</name>
    <message>
        <location filename="../../chessgui/dialogs/player_editor.py" line="+51"/>
        <source>White</source>
        <translation>Valkea</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Black</source>
        <translation>Musta</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Human</source>
        <translation>Ihminen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Computer</source>
        <translation>Tietokone</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Built-in engine</source>
        <translation>Sisäänrakennettu moottori</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>External UCI engine…</source>
        <translation>Ulkoinen UCI-moottori…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No time limit</source>
        <translation>Ei aikarajaa</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Thinking time per move when the game has no clock</source>
        <translation>Miettimisaika siirtoa kohden, kun pelissä ei ole kelloa</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Limit depth</source>
        <translation>Rajoita syvyyttä</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Depth limit</source>
        <translation>Syvyysraja</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Limit nodes</source>
        <translation>Rajoita solmuja</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Node limit</source>
        <translation>Solmuraja</translation>
    </message>
    <message>
        <location line="+6"/>
        <source> MB</source>
        <translation> Mt</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Search threads</source>
        <translation>Hakusäikeet</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Search threads of the built-in engine (more than your processor has cores only slows it down)</source>
        <translation>Sisäänrakennetun moottorin hakusäikeet (suorittimen ytimiä useampi vain hidastaa)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Threads:</source>
        <translation>Säikeet:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Strength:</source>
        <translation>Vahvuus:</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Engine:</source>
        <translation>Moottori:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time per move:</source>
        <translation>Aika siirtoa kohden:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hash table:</source>
        <translation>Hajautustaulu:</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Name</source>
        <translation>Nimi</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The person&apos;s name in the game (saved games, My games)</source>
        <translation>Pelaajan nimi pelissä (tallennetut pelit, Omat pelit)</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>{side}: choose the external engine program, or pick the built-in engine.</source>
        <translation>{side}: valitse ulkoinen moottoriohjelma tai sisäänrakennettu moottori.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{side}: the engine is still being checked; try again in a moment.</source>
        <translation>{side}: moottoria tarkistetaan vielä; yritä hetken kuluttua uudelleen.</translation>
    </message>
</context>
<context>
    <name>PositionAnalyser</name>
    <message>
        <location filename="../../chessgui/engines/analysis.py" line="+308"/>
        <source>The analysis engine &apos;{name}&apos; stopped answering (it did not stop when asked), so it was closed.</source>
        <extracomment>How long an external engine gets to stop a search before it is taken for hung. The panel is redrawn at most this often (engines such as Stockfish report many times a second). Hash size of the built-in analysis engine. Which engine analyses: one of the choices the analysis settings offer.</extracomment>
        <translation>Analyysimoottori &apos;{name}&apos; lakkasi vastaamasta (se ei pysähtynyt pyydettäessä), joten se suljettiin.</translation>
    </message>
</context>
<context>
    <name>PositionsAndGames</name>
    <message>
        <location filename="../../chessgui/dialogs/positions_and_games.py" line="+31"/>
        <source>PGN files (*.pgn);;All files (*)</source>
        <translation>PGN-tiedostot (*.pgn);;Kaikki tiedostot (*)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Replace the current game?</source>
        <translation>Korvataanko nykyinen peli?</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Replace the current game? It is rated and not finished: leaving it now counts as a loss (you resign it).</source>
        <translation>Korvataanko nykyinen peli? Se lasketaan vahvuuslukuun eikä ole päättynyt: sen jättäminen nyt lasketaan tappioksi (luovutat sen).</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Replace the current game? It has {count} move and is not finished.</source>
        <translation>Korvataanko nykyinen peli? Siinä on {count} siirto, eikä se ole päättynyt.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Replace the current game? It has {count} moves and is not finished.</source>
        <translation>Korvataanko nykyinen peli? Siinä on {count} siirtoa, eikä se ole päättynyt.</translation>
    </message>
    <message>
        <location line="+104"/>
        <source>The clipboard is empty.</source>
        <translation>Leikepöytä on tyhjä.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The clipboard holds neither a FEN nor a PGN game.</source>
        <translation>Leikepöydällä ei ole FENiä eikä PGN-peliä.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>no moves or tags were found</source>
        <translation>siirtoja tai tunnisteita ei löytynyt</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Paste PGN</source>
        <translation>Liitä PGN</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No game could be read from the clipboard: {reason}</source>
        <translation>Leikepöydältä ei voitu lukea peliä: {reason}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the clipboard</source>
        <translation>leikepöytä</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the clipboard (the first of its {count} games)</source>
        <translation>leikepöytä (ensimmäinen sen {count} pelistä)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Copied the game as PGN</source>
        <translation>Peli kopioitu PGN-muodossa</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+16"/>
        <source>Open PGN</source>
        <translation>Avaa PGN</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No games yet: each game you finish here is kept in {path}.</source>
        <translation>Ei vielä pelejä: jokainen täällä loppuun pelattu peli tallentuu tiedostoon {path}.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>My games</source>
        <translation>Omat pelit</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Open</source>
        <translation>Avaa</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Could not open {name}: {error}</source>
        <translation>Tiedostoa {name} ei voitu avata: {error}</translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+12"/>
        <source>Save PGN</source>
        <translation>Tallenna PGN</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>The game was not saved: {error}</source>
        <translation>Peliä ei tallennettu: {error}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Saved the game to {name}</source>
        <translation>Peli tallennettu tiedostoon {name}</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Game loaded with problems</source>
        <translation>Peli ladattu ongelmineen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The game from {source} was loaded up to its first problem: {problems}</source>
        <translation>Peli lähteestä {source} ladattiin ensimmäiseen ongelmaan asti: {problems}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Loaded the game from {source}</source>
        <translation>Peli ladattu lähteestä {source}</translation>
    </message>
</context>
<context>
    <name>ProblemList</name>
    <message>
        <location filename="../../chessgui/dialogs/board_editor/problem_list.py" line="+39"/>
        <source>This position cannot be played:</source>
        <translation>Tätä asemaa ei voi pelata:</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&lt;div style=&apos;color:{OK_COLOR}&apos;&gt;&lt;b&gt;&amp;#10004; The position is valid.&lt;/b&gt;&lt;/div&gt;</source>
        <translation>&lt;div style=&apos;color:{OK_COLOR}&apos;&gt;&lt;b&gt;&amp;#10004; Asema on kelvollinen.&lt;/b&gt;&lt;/div&gt;</translation>
    </message>
</context>
<context>
    <name>RatingChart</name>
    <message>
        <location filename="../../chessgui/dialogs/rating_dialog.py" line="+58"/>
        <source>Rating history chart</source>
        <translation>Vahvuuslukuhistorian kaavio</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Play a game against a level to start a history</source>
        <translation>Pelaa peli jotakin tasoa vastaan aloittaaksesi historian</translation>
    </message>
</context>
<context>
    <name>RatingDialog</name>
    <message>
        <location line="-44"/>
        <source>Won</source>
        <translation>Voitto</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Draw</source>
        <translation>Tasapeli</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lost</source>
        <translation>Tappio</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>{rating} (provisional)</source>
        <translation>{rating} (alustava)</translation>
    </message>
    <message>
        <location line="+78"/>
        <source>My rating</source>
        <translation>Oma vahvuuslukuni</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Rated games</source>
        <translation>Vahvuuslukuun lasketut pelit</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Date</source>
        <translation>Päivämäärä</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Level</source>
        <translation>Taso</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Colour</source>
        <translation>Väri</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Result</source>
        <translation>Tulos</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Rating after</source>
        <translation>Vahvuusluku jälkeen</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Your rating: {rating_text}</source>
        <translation>Vahvuuslukusi: {rating_text}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No rated games yet</source>
        <translation>Ei vielä laskettuja pelejä</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>From 1 rated game</source>
        <translation>Yhdestä lasketusta pelistä</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>From {count} rated games</source>
        <translation>{count} lasketusta pelistä</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{games} against the computer&apos;s levels. Your strength is most likely within ±{value} of {rating}; each game makes that range smaller. A game counts when you play the built-in engine at a level from the start position to the end, without taking moves back or the engine&apos;s help (a hint, analysis, a review, or its score and line shown).</source>
        <translation>{games} tietokoneen tasoja vastaan. Vahvuutesi on todennäköisimmin välillä {rating} ±{value}; jokainen peli kaventaa väliä. Peli lasketaan, kun pelaat sisäänrakennettua moottoria vastaan jollakin tasolla alkuasemasta loppuun perumatta siirtoja ja ilman moottorin apua (vihjettä, analyysia, läpikäyntiä tai näkyvää arviota ja muunnelmaa).</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>White</source>
        <translation>Valkea</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Black</source>
        <translation>Musta</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Play at my level ({suggested})</source>
        <translation>Pelaa minun tasollani ({suggested})</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The computer&apos;s level nearest your rating: the side you play against becomes the built-in engine at {suggested} Elo</source>
        <translation>Vahvuuslukuasi lähin tietokoneen taso: vastapuolestasi tulee sisäänrakennettu moottori tasolla {suggested} Elo</translation>
    </message>
</context>
<context>
    <name>RatingKeeper</name>
    <message>
        <location filename="../../chessgui/game/rating_keeper.py" line="+216"/>
        <source>It is rated: not resuming it counts as a loss.</source>
        <translation>Se lasketaan vahvuuslukuun: jos et jatka sitä, se lasketaan tappioksi.</translation>
    </message>
</context>
<context>
    <name>RatingPresenter</name>
    <message>
        <location filename="../../chessgui/rating_presenter.py" line="+55"/>
        <source>The settings changed the players or the level, or show the computer&apos;s thinking: this game will not be rated.</source>
        <translation>Asetukset vaihtoivat pelaajat tai tason tai näyttävät tietokoneen ajattelun: tätä peliä ei lasketa vahvuuslukuun.</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>You used the engine&apos;s help (a hint, analysis or a review): this game will not be rated.</source>
        <translation>Käytit moottorin apua (vihje, analyysi tai pelin läpikäynti): tätä peliä ei lasketa vahvuuslukuun.</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Rated game against level {level} ({change:+d}): your rating is {rating_text}</source>
        <translation>Laskettu peli tasoa {level} vastaan ({change:+d}): vahvuuslukusi on {rating_text}</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The computer</source>
        <translation>Tietokone</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{side} now plays at level {level}</source>
        <translation>{side} pelaa nyt tasolla {level}</translation>
    </message>
</context>
<context>
    <name>RatingStore</name>
    <message>
        <location filename="../../chessgui/storage/rating.py" line="+160"/>
        <source>Your rating could not be saved to {path}: {strerror}</source>
        <translation>Vahvuuslukuasi ei voitu tallentaa tiedostoon {path}: {strerror}</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Your rating file {path} could not be read ({strerror}); starting afresh.</source>
        <translation>Vahvuuslukutiedostoasi {path} ei voitu lukea ({strerror}); aloitetaan alusta.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>it was kept as {name}</source>
        <translation>se säilytettiin nimellä {name}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>it could not be moved aside</source>
        <translation>sitä ei voitu siirtää syrjään</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>it holds binary data, not text</source>
        <translation>se sisältää binääridataa, ei tekstiä</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Your rating file was damaged ({error}); {where}, and your rating starts afresh.</source>
        <translation>Vahvuuslukutiedostosi oli vioittunut ({error}); {where}, ja vahvuuslukusi alkaa alusta.</translation>
    </message>
</context>
<context>
    <name>RecentFiles</name>
    <message>
        <location filename="../../chessgui/recent_files.py" line="+39"/>
        <source>&amp;Recent files</source>
        <translation>&amp;Viimeisimmät tiedostot</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Clear list</source>
        <translation>&amp;Tyhjennä luettelo</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>{name} is no longer there ({path}); removed from the recent files.</source>
        <translation>Tiedostoa {name} ei enää ole ({path}); poistettu viimeisimmistä tiedostoista.</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>The list of recent files could not be read; it starts empty (or with what was readable).</source>
        <translation>Viimeisimpien tiedostojen luetteloa ei voitu lukea; se alkaa tyhjänä (tai siitä, mikä oli luettavissa).</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>(no files yet)</source>
        <translation>(ei vielä tiedostoja)</translation>
    </message>
</context>
<context>
    <name>ResumePresenter</name>
    <message>
        <location filename="../../chessgui/resume_presenter.py" line="+89"/>
        <source>Resumed the unfinished game</source>
        <translation>Keskeneräistä peliä jatkettiin</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Resume the unfinished game?</source>
        <translation>Jatketaanko keskeneräistä peliä?</translation>
    </message>
</context>
<context>
    <name>RetryDialog</name>
    <message>
        <location filename="../../chessgui/dialogs/retry_dialog.py" line="+55"/>
        <source>Learn from {side}&apos;s mistakes</source>
        <translation>Opi virheistä – {side}</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Show the solution</source>
        <translation>Näytä ratkaisu</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skip</source>
        <translation>Ohita</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Next</source>
        <translation>Seuraava</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close</source>
        <translation>Sulje</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Position {number} of {total}</source>
        <translation>Asema {number}/{total}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{move} was {what}. Find a better move for {side}.</source>
        <translation>{move} oli {what}. Etsi parempi siirto ({side}).</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Done</source>
        <translation>Valmis</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>You found {found} of {total}.</source>
        <translation>Löysit {found}/{total}.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Solution shown: {count}.</source>
        <translation>Ratkaisu näytetty: {count}.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Skipped: {count}.</source>
        <translation>Ohitettu: {count}.</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Checking {move}…</source>
        <translation>Tarkistetaan {move}…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(the engine is still being prepared: the first time takes up to a minute)</source>
        <translation>(moottoria valmistellaan vielä: ensimmäisellä kerralla enintään minuutti)</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The best move was {move}.</source>
        <translation>Paras siirto oli {move}.</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>The move could not be checked: {error}</source>
        <translation>Siirtoa ei voitu tarkistaa: {error}</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>✓ {move} is the best move.</source>
        <translation>✓ {move} on paras siirto.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>✓ {move} is good too. The engine&apos;s first choice was {best}.</source>
        <translation>✓ {move} on myös hyvä. Moottorin ensimmäinen valinta oli {best}.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>{move} is the move played in the game. Try another move.</source>
        <translation>{move} on pelissä pelattu siirto. Kokeile toista siirtoa.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{move} is not better: it gives away about {points}% of the winning chances. Try another move.</source>
        <translation>{move} ei ole parempi: se menettää noin {points} % voittomahdollisuuksista. Kokeile toista siirtoa.</translation>
    </message>
</context>
<context>
    <name>ReviewDialog</name>
    <message>
        <location filename="../../chessgui/dialogs/review_dialog.py" line="+35"/>
        <source>Review game</source>
        <translation>Käy peli läpi</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Time per move</source>
        <translation>Aika siirtoa kohden</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Depth</source>
        <translation>Syvyys</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Seconds per move</source>
        <translation>Sekuntia siirtoa kohden</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Search depth</source>
        <translation>Hakusyvyys</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Engine</source>
        <translation>Moottori</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Review</source>
        <translation>Läpikäynti</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>{positions} positions: about {duration} (less for positions reviewed before).</source>
        <translation>{positions} asemaa: noin {duration} (vähemmän jo aiemmin läpikäydyille asemille).</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{positions} positions at depth {value}.</source>
        <translation>{positions} asemaa syvyydellä {value}.</translation>
    </message>
</context>
<context>
    <name>ReviewLimit</name>
    <message>
        <location filename="../../chessgui/engines/review.py" line="+50"/>
        <source>depth {depth}</source>
        <translation>syvyys {depth}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{movetime_ms:g} s per move</source>
        <translation>{movetime_ms:g} s siirtoa kohden</translation>
    </message>
</context>
<context>
    <name>ReviewPanel</name>
    <message>
        <location filename="../../chessgui/views/review_panel.py" line="+60"/>
        <source>Cancel</source>
        <translation>Peruuta</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop the review (what is analysed so far is kept)</source>
        <translation>Pysäytä läpikäynti (tähän mennessä analysoitu säilyy)</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>{name}&apos;s next mistake</source>
        <translation>{name}: seuraava virhe</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show {name}&apos;s next inaccuracy, mistake or blunder</source>
        <translation>Näytä seuraava epätarkkuus, virhe tai vakava virhe: {name}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Learn from them</source>
        <translation>Opi niistä</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Find better moves in the positions where {name} went wrong</source>
        <translation>Etsi parempia siirtoja asemissa, joissa {name} erehtyi</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>{done} / {total} positions</source>
        <translation>{done} / {total} asemaa</translation>
    </message>
</context>
<context>
    <name>ReviewPresenter</name>
    <message>
        <location filename="../../chessgui/review_presenter.py" line="+97"/>
        <source>Reviewing the game ({description})…</source>
        <translation>Peliä käydään läpi ({description})…</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>{side} has no reviewed mistakes to learn from. Review the game first (Ctrl+R).</source>
        <translation>{side}: ei läpikäytyjä virheitä, joista oppia. Käy peli ensin läpi (Ctrl+R).</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{side}&apos;s marked mistakes have no better move noted. Review the game first (Ctrl+R).</source>
        <translation>{side}: merkityille virheille ei ole kirjattu parempaa siirtoa. Käy peli ensin läpi (Ctrl+R).</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Review finished</source>
        <translation>Läpikäynti valmis</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The review stopped</source>
        <translation>Läpikäynti pysähtyi</translation>
    </message>
    <message>
        <location line="+61"/>
        <source> by {side}</source>
        <translation> ({side})</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No inaccuracies, mistakes or blunders{who} are marked.</source>
        <translation>Epätarkkuuksia, virheitä tai vakavia virheitä{who} ei ole merkitty.</translation>
    </message>
</context>
<context>
    <name>ReviewWorker</name>
    <message>
        <location filename="../../chessgui/engines/review_worker.py" line="+153"/>
        <source>the engine returned no evaluation</source>
        <translation>moottori ei palauttanut arviota</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>the engine gave no score</source>
        <translation>moottori ei antanut arviota</translation>
    </message>
</context>
<context>
    <name>SearchLabPanel</name>
    <message>
        <location filename="../../chessgui/views/search_lab.py" line="+183"/>
        <location filename="../../chessgui/views/search_lab_tables.py" line="+23"/>
        <location line="+13"/>
        <source>Depth</source>
        <translation>Syvyys</translation>
    </message>
    <message>
        <location line="-24"/>
        <location filename="../../chessgui/views/search_lab_tables.py" line="-12"/>
        <location line="+13"/>
        <source>Nodes</source>
        <translation>Solmut</translation>
    </message>
    <message>
        <location filename="../../chessgui/views/search_lab_tables.py" line="-12"/>
        <source>Quiescence</source>
        <translation>Hiljaisuushaku</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+12"/>
        <source>Time</source>
        <translation>Aika</translation>
    </message>
    <message>
        <location line="-10"/>
        <source>1st-move cut-offs</source>
        <translation>1. siirron katkaisut</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TT hits</source>
        <translation>TT-osumat</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Null-move cut-offs</source>
        <translation>Nollasiirtokatkaisut</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>LMR re-searches</source>
        <translation>LMR-uusintahaut</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Aspiration re-searches</source>
        <translation>Aspiraatiouusintahaut</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Techniques off</source>
        <translation>Pois päältä</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Best move</source>
        <translation>Paras siirto</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Score</source>
        <translation>Arvio</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Depth in 1 s</source>
        <translation>Syvyys 1 s:ssa</translation>
    </message>
    <message>
        <location filename="../../chessgui/views/search_lab.py" line="-98"/>
        <source>Each row is one iteration of iterative deepening. EBF (effective branching factor) = nodes of this depth ÷ nodes of the previous one: good alpha-beta search keeps it around 2–4 although chess has ~35 moves per position. 1st-move cut-offs: how often the first move tried already refuted the position — above 90% means the move ordering is good. Quiescence: share of nodes spent settling captures at the horizon (often half). TT hits: positions found in the transposition table (per node).</source>
        <translation>Jokainen rivi on yksi iteratiivisen syvenemisen kierros. EBF (efektiivinen haarautumiskerroin) = tämän syvyyden solmut ÷ edellisen syvyyden solmut: hyvä alfa-beeta-haku pitää sen noin 2–4:ssä, vaikka shakissa on noin 35 siirtoa asemaa kohden. 1. siirron katkaisut: kuinka usein ensimmäinen kokeiltu siirto jo kumosi aseman — yli 90 % tarkoittaa hyvää siirtojärjestystä. Hiljaisuushaku: lyöntien selvittämiseen horisontissa kuluneiden solmujen osuus (usein puolet). TT-osumat: transpositiotaulusta löytyneet asemat (solmua kohden).</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Blue: nodes this search needed per depth (log scale). Red: a full minimax tree, b^d, with b the moves in this position. Green: the least any alpha-beta search can do with perfect move ordering, about b^(d/2). Good: the blue line stays near the green one and far below the red; pruning can even take it below green.</source>
        <translation>Sininen: tämän haun tarvitsemat solmut syvyyttä kohden (log-asteikko). Punainen: täysi minimax-puu, b^d, jossa b on aseman siirtojen määrä. Vihreä: vähin, mihin mikään alfa-beeta-haku pystyy täydellisellä siirtojärjestyksellä, noin b^(d/2). Hyvä: sininen viiva pysyy lähellä vihreää ja kaukana punaisen alapuolella; karsinta voi viedä sen jopa vihreän alle.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Time per iteration. Each depth costs about EBF times the one before, so the last iteration usually takes most of the time — this is why engines rarely start an iteration they cannot finish.</source>
        <translation>Aika kierrosta kohden. Jokainen syvyys maksaa noin EBF kertaa edellisen, joten viimeinen kierros vie yleensä suurimman osan ajasta — siksi moottorit harvoin aloittavat kierrosta, jota ne eivät ehdi päättää.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Nodes spent under each root move in the last iteration. A good search spends most of them on the best move and refutes the others quickly; ≤ marks a score that is only an upper bound (the move was refuted).</source>
        <translation>Viimeisellä kierroksella kunkin juurisiirron alle käytetyt solmut. Hyvä haku käyttää useimmat niistä parhaaseen siirtoon ja kumoaa muut nopeasti; ≤ merkitsee arviota, joka on vain yläraja (siirto kumottiin).</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Untick techniques and run: the position on the board is searched to the chosen depth with fresh tables, then for 1 s to see how deep it gets. Alpha-beta off means plain minimax (no cut-offs): it is capped at depth {depth} and can still take minutes in tactical positions — Stop ends it. Alpha-beta, the TT and move ordering only make the search faster: at a fixed depth they change the node count, not the score (with the selective techniques off). The others prune or extend and can change the result.</source>
        <translation>Poista tekniikoita käytöstä ja aja: laudan asema haetaan valittuun syvyyteen tyhjin taulukoin ja sitten 1 s ajan, jotta nähdään, kuinka syvälle haku ehtii. Alfa-beeta pois päältä tarkoittaa pelkkää minimaxia (ei katkaisuja): sen syvyys on rajattu arvoon {depth}, ja se voi silti kestää minuutteja taktisissa asemissa — Pysäytä lopettaa sen. Alfa-beeta, TT ja siirtojärjestys vain nopeuttavat hakua: kiinteällä syvyydellä ne muuttavat solmujen määrää, eivät arviota (kun valikoivat tekniikat ovat pois päältä). Muut karsivat tai jatkavat ja voivat muuttaa tulosta.</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>Search</source>
        <translation>Haku</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Experiment</source>
        <translation>Koe</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No search yet: let the built-in engine think, or run an experiment.</source>
        <translation>Ei vielä hakua: anna sisäänrakennetun moottorin miettiä tai aja koe.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Move</source>
        <translation>Siirto</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Score (side to move)</source>
        <translation>Arvio (siirtovuorossa olevan kannalta)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Share</source>
        <translation>Osuus</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Techniques (ticked = on)</source>
        <translation>Tekniikat (valittu = päällä)</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Run to depth 6</source>
        <translation>Aja syvyyteen 6</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Run to depth {depth}</source>
        <translation>Aja syvyyteen {depth}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Stop</source>
        <translation>Pysäytä</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Plain minimax: depth capped at {MINIMAX_MAX_DEPTH}.</source>
        <translation>Pelkkä minimax: syvyys rajattu arvoon {MINIMAX_MAX_DEPTH}.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Export CSV…</source>
        <translation>Vie CSV…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Clear runs</source>
        <translation>Tyhjennä ajot</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Built-in engine, thinking for {side}</source>
        <translation>Sisäänrakennettu moottori miettii puolelle {side}</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>Running: {description}, depth {clamped_depth}…</source>
        <translation>Käynnissä: {description}, syvyys {clamped_depth}…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Lab run: {description}</source>
        <translation>Laboratorioajo: {description}</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Done: {label}, depth {depth} in {time_text}.</source>
        <translation>Valmis: {label}, syvyys {depth} ajassa {time_text}.</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Nothing to export yet: run an experiment first.</source>
        <translation>Ei vielä mitään vietävää: aja ensin koe.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Export runs</source>
        <translation>Vie ajot</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>CSV files (*.csv)</source>
        <translation>CSV-tiedostot (*.csv)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Could not save {path}: {strerror}</source>
        <translation>Tiedostoa {path} ei voitu tallentaa: {strerror}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Saved {count} runs to {path}.</source>
        <translation>{count} ajoa tallennettu tiedostoon {path}.</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../../chessgui/dialogs/settings_dialog.py" line="+55"/>
        <source>Settings</source>
        <translation>Asetukset</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Settings pages</source>
        <translation>Asetussivut</translation>
    </message>
    <message>
        <location line="+8"/>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Computer vs computer: the least time between two moves, so you can follow</source>
        <translation>Tietokone vastaan tietokone: lyhin aika kahden siirron välillä, jotta ehdit seurata</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show the computer&apos;s score and line while I play it</source>
        <translation>Näytä tietokoneen arvio ja muunnelma, kun pelaan sitä vastaan</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Off, they show when the game ends, with the evaluation bar. Seeing them is the computer&apos;s help: a game against a level is then not rated.</source>
        <translation>Pois päältä ne näkyvät arviopalkin kanssa pelin päätyttyä. Niiden näkeminen on tietokoneen apua: peliä tasoa vastaan ei silloin lasketa vahvuuslukuun.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Computer vs computer, pause between moves at least:</source>
        <translation>Tietokone vastaan tietokone, tauko siirtojen välillä vähintään:</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Time control:</source>
        <translation>Aikaraja:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Computer on a clock:</source>
        <translation>Tietokone kellon kanssa:</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Show legal moves</source>
        <translation>Näytä lailliset siirrot</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show coordinates</source>
        <translation>Näytä koordinaatit</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Turn the board to the human&apos;s side</source>
        <translation>Käännä lauta ihmispelaajan puolelle</translation>
    </message>
    <message>
        <location line="+5"/>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Off</source>
        <translation>Pois</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Move animation:</source>
        <translation>Siirtoanimaatio:</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>How the move list, hints and engine lines name the pieces; PGN files always use K Q R B N</source>
        <translation>Millä kirjaimilla siirtoluettelo, vihjeet ja moottorin muunnelmat nimeävät nappulat; PGN-tiedostoissa käytetään aina K Q R B N</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Piece letters in moves:</source>
        <translation>Nappulakirjaimet siirroissa:</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>A new language takes effect after a restart.</source>
        <translation>Uusi kieli tulee voimaan uudelleenkäynnistyksen jälkeen.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Language:</source>
        <translation>Kieli:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Players</source>
        <translation>Pelaajat</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Clock</source>
        <translation>Kello</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Board</source>
        <translation>Lauta</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Tablebases</source>
        <translation>Loppupelitietokannat</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sound &amp;&amp; access</source>
        <translation>Ääni &amp;&amp; saavutettavuus</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Without a clock, each computer side thinks for its time per move (Players tab).</source>
        <translation>Ilman kelloa kumpikin tietokonepuoli miettii oman siirtokohtaisen aikansa (Pelaajat-välilehti).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Each computer side thinks for its time per move (Players tab), whatever its clock shows, so it may lose on time.</source>
        <translation>Kumpikin tietokonepuoli miettii oman siirtokohtaisen aikansa (Pelaajat-välilehti) kellosta välittämättä, joten se voi hävitä ajalla.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Each computer side plans its thinking time from its remaining time and increment.</source>
        <translation>Kumpikin tietokonepuoli suunnittelee miettimisaikansa jäljellä olevan ajan ja lisäajan perusteella.</translation>
    </message>
</context>
<context>
    <name>SettingsSource</name>
    <message>
        <location filename="../../chessgui/storage/setting_values.py" line="+107"/>
        <source>The settings file {fileName} is damaged</source>
        <translation>Asetustiedosto {fileName} on vioittunut</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The settings were saved by a newer version of the program (format {version}); what this version does not understand</source>
        <translation>Asetukset on tallentanut ohjelman uudempi versio (muoto {version}); mitä tämä versio ei ymmärrä</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Some settings could not be read ({shown})</source>
        <translation>Joitakin asetuksia ei voitu lukea ({shown})</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>: the defaults are used for those.</source>
        <translation>: niille käytetään oletusarvoja.</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <location filename="../../chessgui/dialogs/shortcuts_dialog.py" line="+25"/>
        <source>On the board</source>
        <translation>Laudalla</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Move the square cursor (the board has the focus)</source>
        <translation>Siirrä ruutukursoria (kun lauta on valittuna)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Arrow keys</source>
        <translation>Nuolinäppäimet</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Pick up the piece under the cursor, or put it down</source>
        <translation>Nosta kursorin alla oleva nappula tai laske se</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Space / Enter</source>
        <translation>Välilyönti / Enter</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Put the picked-up piece back</source>
        <translation>Palauta nostettu nappula</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Say the cursor&apos;s square and what attacks it</source>
        <translation>Kerro kursorin ruutu ja mitkä nappulat hyökkäävät siihen</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>S</source>
        <translation>S</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Choose the promotion piece</source>
        <translation>Valitse korotusnappula</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Q / R / B / N</source>
        <translation>Q / R / B / N</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Draw an arrow or circle a square</source>
        <translation>Piirrä nuoli tai ympyröi ruutu</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Right-drag / right-click</source>
        <translation>Oikealla vetäen / oikealla napsauttaen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Clear the arrows and circles</source>
        <translation>Poista nuolet ja ympyrät</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Click</source>
        <translation>Napsautus</translation>
    </message>
    <message>
        <location line="+32"/>
        <location line="+13"/>
        <source>Keyboard shortcuts</source>
        <translation>Pikanäppäimet</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>Command</source>
        <translation>Komento</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Keys</source>
        <translation>Näppäimet</translation>
    </message>
</context>
<context>
    <name>SoundEvent</name>
    <message>
        <location filename="../../chessgui/storage/access_settings.py" line="+40"/>
        <source>Move</source>
        <translation>Siirto</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Capture</source>
        <translation>Lyönti</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check</source>
        <translation>Shakki</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Castling</source>
        <translation>Linnoitus</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Promotion</source>
        <translation>Korotus</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Game end</source>
        <translation>Pelin loppu</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Low time (under 10 seconds)</source>
        <translation>Vähän aikaa (alle 10 sekuntia)</translation>
    </message>
</context>
<context>
    <name>SquareCursor</name>
    <message>
        <location filename="../../chessgui/views/board/square_cursor.py" line="+83"/>
        <source>Defended by {side}: {pieces}</source>
        <translation>Puolustajat ({side}): {pieces}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not defended by {side}</source>
        <translation>Ei puolustajia ({side})</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Attacked by {side}: {pieces}</source>
        <translation>Hyökkääjät ({side}): {pieces}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not attacked by {side}</source>
        <translation>Ei hyökkääjiä ({side})</translation>
    </message>
</context>
<context>
    <name>StatusPresenter</name>
    <message>
        <location filename="../../chessgui/status_presenter.py" line="+94"/>
        <source>Clock starts after {side}&apos;s first move</source>
        <translation>Kello käynnistyy, kun {side} on tehnyt ensimmäisen siirtonsa</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>&amp;Resume</source>
        <translation>&amp;Jatka</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&amp;Pause</source>
        <translation>&amp;Tauko</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The computer could not move</source>
        <translation>Tietokone ei voinut siirtää</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>round {round}</source>
        <translation>kierros {round}</translation>
    </message>
</context>
<context>
    <name>StrengthControl</name>
    <message>
        <location filename="../../chessgui/dialogs/strength_control.py" line="+26"/>
        <source>Full strength</source>
        <translation>Täysi vahvuus</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Play as strongly as the engine can (analysis and hints always do)</source>
        <translation>Pelaa niin vahvasti kuin moottori pystyy (analyysi ja vihjeet tekevät aina niin)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Engine level</source>
        <translation>Moottorin taso</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> Elo</source>
        <translation> Elo</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Engine level in Elo</source>
        <translation>Moottorin taso Elo-lukuna</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Custom</source>
        <translation>Mukautettu</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{name} ({value})</source>
        <translation>{name} ({value})</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Level presets</source>
        <translation>Valmiit tasot</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Measured against Stockfish at 10 s + 0.1 s a game: levels 800–2200 play within 150 of their number; 2300 and 2400 play at (nearly) the engine&apos;s full strength, measured at 2100–2250.</source>
        <translation>Mitattu Stockfishia vastaan peleissä 10 s + 0,1 s: tasot 800–2200 pelaavat 150:n sisällä luvustaan; 2300 ja 2400 pelaavat (lähes) moottorin täydellä voimalla, mitattuna 2100–2250.</translation>
    </message>
    <message>
        <location filename="../../chessgui/storage/settings.py" line="+51"/>
        <source>Beginner</source>
        <extracomment>Bounds the dialog offers and the loader enforces.</extracomment>
        <translation>Aloittelija</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Casual</source>
        <translation>Harrastaja</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Club</source>
        <translation>Kerhopelaaja</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Expert</source>
        <translation>Ekspertti</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Master</source>
        <translation>Mestari</translation>
    </message>
</context>
<context>
    <name>TablebaseEditor</name>
    <message>
        <location filename="../../chessgui/dialogs/tablebase_editor.py" line="+35"/>
        <source>Syzygy directory</source>
        <translation>Syzygy-kansio</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No Syzygy tables</source>
        <translation>Ei Syzygy-tietokantoja</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The directory with Syzygy tables (.rtbw and .rtbz files)</source>
        <translation>Syzygy-tietokantojen kansio (.rtbw- ja .rtbz-tiedostot)</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+6"/>
        <source>Choose…</source>
        <translation>Valitse…</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>Gaviota directory</source>
        <translation>Gaviota-kansio</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No Gaviota tables</source>
        <translation>Ei Gaviota-tietokantoja</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The directory with Gaviota tables (.gtb.cp4 files)</source>
        <translation>Gaviota-tietokantojen kansio (.gtb.cp4-tiedostot)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Use installed tables</source>
        <translation>Käytä asennettuja tietokantoja</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Use the Gaviota tables installed in {suggestion}</source>
        <translation>Käytä kansioon {suggestion} asennettuja Gaviota-tietokantoja</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Computer players play the tablebase move when the tables cover the position</source>
        <translation>Tietokonepelaajat pelaavat tietokannan siirron, kun tietokannat kattavat aseman</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Syzygy tables:</source>
        <translation>Syzygy-tietokannat:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Gaviota tables:</source>
        <translation>Gaviota-tietokannat:</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Choose the Syzygy directory</source>
        <translation>Valitse Syzygy-kansio</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Choose the Gaviota directory</source>
        <translation>Valitse Gaviota-kansio</translation>
    </message>
    <message>
        <location line="+31"/>
        <source> Debian&apos;s gaviotatb package has 3-piece Gaviota tables.</source>
        <translation> Debianin gaviotatb-paketissa on 3 nappulan Gaviota-tietokannat.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No tablebases: set a directory to get exact endgame results.</source>
        <translation>Ei loppupelitietokantoja: valitse kansio saadaksesi tarkat loppupelitulokset.</translation>
    </message>
</context>
<context>
    <name>TablebasePresenter</name>
    <message>
        <location filename="../../chessgui/engines/tablebase_presenter.py" line="+85"/>
        <source>Tablebase: {description}</source>
        <translation>Tietokanta: {description}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> · best {san}</source>
        <translation> · paras {san}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Tablebase: {problem}</source>
        <translation>Tietokanta: {problem}</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Tablebases: {problem}</source>
        <translation>Tietokannat: {problem}</translation>
    </message>
</context>
<context>
    <name>TablebaseProber</name>
    <message>
        <location filename="../../chessgui/storage/tablebases.py" line="+104"/>
        <source>The Syzygy directory {syzygy_dir} cannot be read: {error}.</source>
        <translation>Syzygy-kansiota {syzygy_dir} ei voi lukea: {error}.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>The Gaviota directory {gaviota_dir} cannot be read: {error}.</source>
        <translation>Gaviota-kansiota {gaviota_dir} ei voi lukea: {error}.</translation>
    </message>
    <message>
        <location line="+68"/>
        <source>The Gaviota table for {name} cannot be read ({problem}).</source>
        <translation>Gaviota-tietokantaa {name} ei voi lukea ({problem}).</translation>
    </message>
    <message>
        <location line="+79"/>
        <source>The {kind} table for {name} cannot be read (the file is damaged or not a {kind} table: {error}).</source>
        <translation>{kind}-tietokantaa {name} ei voi lukea (tiedosto on vioittunut tai se ei ole {kind}-tietokanta: {error}).</translation>
    </message>
</context>
<context>
    <name>TablebaseReport</name>
    <message>
        <location filename="../../chessgui/storage/tablebase_check.py" line="+48"/>
        <source>{syzygy_tables} Syzygy</source>
        <extracomment>At most this many table files of each kind get a sample probe in :func:`check_tablebases`.</extracomment>
        <translation>{syzygy_tables} Syzygy</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{gaviota_tables} Gaviota</source>
        <translation>{gaviota_tables} Gaviota</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{kinds} tables, up to {pieces} pieces.</source>
        <translation>{kinds}-tietokantaa, enintään {pieces} nappulaa.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> and </source>
        <translation> ja </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No tables in use.</source>
        <translation>Ei tietokantoja käytössä.</translation>
    </message>
</context>
<context>
    <name>TablebaseResult</name>
    <message>
        <location filename="../../chessgui/storage/tablebase_result.py" line="+90"/>
        <source>Draw</source>
        <extracomment>Score in centipawns standing for a tablebase win when no mate distance is known (Syzygy only).</extracomment>
        <translation>Tasapeli</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Draw by the 50-move rule ({name} would win without it)</source>
        <translation>Tasapeli 50 siirron säännöllä ({name} voittaisi ilman sitä)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{name} wins</source>
        <translation>{name} voittaa</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{text}, mate in {mate}</source>
        <translation>{text}, matti {mate} siirrossa</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{text} (checkmate)</source>
        <translation>{text} (matti)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{text} (DTZ {dtz})</source>
        <translation>{text} (DTZ {dtz})</translation>
    </message>
</context>
<context>
    <name>Technique</name>
    <message>
        <location filename="../../chessgui/engines/lab_runner.py" line="+6"/>
        <source>Alpha-beta</source>
        <translation>Alfa-beeta</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Transposition table</source>
        <translation>Transpositiotaulu</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Killer/history ordering</source>
        <translation>Killer-/historiajärjestys</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Quiescence</source>
        <translation>Hiljaisuushaku</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Null move</source>
        <translation>Nollasiirto</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Late-move reductions</source>
        <translation>Myöhäisten siirtojen lyhennys</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Futility pruning</source>
        <translation>Turhuuskarsinta</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Late-move pruning</source>
        <translation>Myöhäisten siirtojen karsinta</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check extension</source>
        <translation>Shakkijatke</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Aspiration windows</source>
        <translation>Aspiraatioikkunat</translation>
    </message>
</context>
<context>
    <name>Termination</name>
    <message>
        <location filename="../../chessgui/game/result.py" line="-96"/>
        <source>checkmate</source>
        <translation>matti</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stalemate</source>
        <translation>patti</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>insufficient material</source>
        <translation>riittämätön materiaali</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the 75-move rule</source>
        <translation>75 siirron sääntö</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>fivefold repetition</source>
        <translation>viisinkertainen toisto</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>threefold repetition</source>
        <translation>kolminkertainen toisto</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the 50-move rule</source>
        <translation>50 siirron sääntö</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>resignation</source>
        <translation>luovutus</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>time forfeit</source>
        <translation>aikatappio</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>timeout against insufficient material</source>
        <translation>ajan ylitys riittämätöntä materiaalia vastaan</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>agreement</source>
        <translation>sopimus</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the result recorded in the game</source>
        <translation>peliin kirjattu tulos</translation>
    </message>
</context>
<context>
    <name>TimeChart</name>
    <message>
        <location filename="../../chessgui/views/search_lab_charts.py" line="+9"/>
        <source>Time per depth</source>
        <translation>Aika syvyyttä kohden</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>No search yet</source>
        <translation>Ei vielä hakua</translation>
    </message>
</context>
<context>
    <name>TimeControl</name>
    <message>
        <location filename="../../chessgui/clock/time_control.py" line="-261"/>
        <source>Clock times must be whole milliseconds.</source>
        <translation>Kelloaikojen on oltava kokonaisia millisekunteja.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Clock times cannot be negative.</source>
        <translation>Kelloajat eivät voi olla negatiivisia.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Either both sides play on a clock or neither does.</source>
        <translation>Joko molemmat puolet pelaavat kellon kanssa tai kumpikaan ei.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>An increment needs a base time.</source>
        <translation>Lisäaika vaatii perusajan.</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>&apos;{text}&apos; is not a time control: write it like 5+3, or 5+3 / 3+2 for a handicap.</source>
        <translation>&apos;{text}&apos; ei ole aikaraja: kirjoita muodossa 5+3, tai tasoitukselle 5+3 / 3+2.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&apos;{text}&apos;: the base time must be more than zero.</source>
        <translation>&apos;{text}&apos;: perusajan on oltava yli nolla.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The saved time control is not text.</source>
        <translation>Tallennettu aikaraja ei ole tekstiä.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The saved time control &apos;{value}&apos; is not valid: {error}</source>
        <translation>Tallennettu aikaraja &apos;{value}&apos; ei kelpaa: {error}</translation>
    </message>
    <message>
        <location line="+35"/>
        <location line="+17"/>
        <source>Untimed</source>
        <translation>Ilman kelloa</translation>
    </message>
    <message>
        <location line="-14"/>
        <source>UltraBullet</source>
        <translation>UltraBullet</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Bullet</source>
        <translation>Bullet</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Blitz</source>
        <translation>Blitz</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rapid</source>
        <translation>Pikashakki</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Classical</source>
        <translation>Klassinen</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>The PGN time control &apos;{cleaned}&apos; (moves per period) is not supported.</source>
        <translation>PGN-aikarajaa &apos;{cleaned}&apos; (siirtoja jaksoa kohden) ei tueta.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The PGN time control &apos;{cleaned}&apos; is not readable.</source>
        <translation>PGN-aikarajaa &apos;{cleaned}&apos; ei voi lukea.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The PGN time control &apos;{cleaned}&apos; has no base time.</source>
        <translation>PGN-aikarajalla &apos;{cleaned}&apos; ei ole perusaikaa.</translation>
    </message>
</context>
<context>
    <name>TimeControlEditor</name>
    <message>
        <location filename="../../chessgui/dialogs/time_control_editor.py" line="+40"/>
        <source> min</source>
        <translation> min</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+6"/>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>Time control</source>
        <translation>Aikakontrolli</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Untimed</source>
        <translation>Ilman kelloa</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Custom…</source>
        <translation>Mukautettu…</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+97"/>
        <source>Both sides</source>
        <translation>Molemmat</translation>
    </message>
    <message>
        <location line="-96"/>
        <source>Black</source>
        <translation>Musta</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Different time for each side (handicap)</source>
        <translation>Eri aika kummallekin puolelle (tasoitus)</translation>
    </message>
    <message>
        <location line="+95"/>
        <source>White</source>
        <translation>Valkea</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>No clock</source>
        <translation>Ei kelloa</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>minutes + seconds per move</source>
        <translation>minuuttia + sekuntia siirtoa kohden</translation>
    </message>
</context>
<context>
    <name>TryChecker</name>
    <message>
        <location filename="../../chessgui/engines/try_checker.py" line="+121"/>
        <source>The engine gave no score for this move.</source>
        <translation>Moottori ei antanut tälle siirrolle arviota.</translation>
    </message>
</context>
<context>
    <name>UciEngineEditor</name>
    <message>
        <location filename="../../chessgui/dialogs/uci_engine_editor.py" line="+31"/>
        <source>UCI engine program</source>
        <translation>UCI-moottorin ohjelma</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Path of a UCI engine, e.g. /usr/games/stockfish</source>
        <translation>UCI-moottorin polku, esim. /usr/games/stockfish</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Browse…</source>
        <translation>Selaa…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check</source>
        <translation>Tarkista</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Start the engine once to see that it works and to list its options</source>
        <translation>Käynnistä moottori kerran nähdäksesi, että se toimii, ja listataksesi sen asetukset</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Engine options</source>
        <translation>Moottorin asetukset</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Engine option</source>
        <translation>Moottorin asetus</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Value</source>
        <translation>Arvo</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Not checked yet.</source>
        <translation>Ei vielä tarkistettu.</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+20"/>
        <source>Choose an engine program.</source>
        <translation>Valitse moottoriohjelma.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Starting {path} …</source>
        <translation>Käynnistetään {path} …</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Choose a UCI chess engine</source>
        <translation>Valitse UCI-shakkimoottori</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>✓ {name}{author} — {count} options</source>
        <translation>✓ {name}{author} — {count} asetusta</translation>
    </message>
</context>
<context>
    <name>UciEnginePlayer</name>
    <message>
        <location filename="../../chessgui/engines/players.py" line="+264"/>
        <source>The engine &apos;{name}&apos; did not answer within {seconds:.0f} s and was stopped.</source>
        <translation>Moottori &apos;{name}&apos; ei vastannut {seconds:.0f} s:n kuluessa, ja se pysäytettiin.</translation>
    </message>
</context>
<context>
    <name>UciWorker</name>
    <message>
        <location filename="../../chessgui/engines/uci_worker.py" line="+157"/>
        <source>The position could not be set up for the engine: {error}</source>
        <translation>Asemaa ei voitu asettaa moottorille: {error}</translation>
    </message>
    <message>
        <location line="-80"/>
        <source>The engine</source>
        <extracomment>What logs call the engine. What messages call it (&quot;The engine &apos;X&apos; stopped unexpectedly&quot;), translated when said. (The messages name their context: self.tr() in a subclass would look under the subclass&apos;s name.)</extracomment>
        <translation>Moottori</translation>
    </message>
    <message>
        <location line="+115"/>
        <location line="+25"/>
        <source>{subject} &apos;{name}&apos; stopped unexpectedly (it crashed or was closed).</source>
        <translation>{subject} &apos;{name}&apos; pysähtyi odottamatta (se kaatui tai suljettiin).</translation>
    </message>
    <message>
        <location line="-16"/>
        <source>{subject} &apos;{name}&apos; sent something that is not a valid reply: {error}</source>
        <translation>{subject} &apos;{name}&apos; lähetti jotain, mikä ei ole kelvollinen vastaus: {error}</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>{subject} &apos;{name}&apos; stopped answering: {detail}</source>
        <translation>{subject} &apos;{name}&apos; lakkasi vastaamasta: {detail}</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>The engine &apos;{name}&apos; did not choose a move.</source>
        <translation>Moottori &apos;{name}&apos; ei valinnut siirtoa.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The engine &apos;{name}&apos; chose an illegal move ({uci}).</source>
        <translation>Moottori &apos;{name}&apos; valitsi laittoman siirron ({uci}).</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>The program is closing.</source>
        <translation>Ohjelma sulkeutuu.</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>{subject} did not get ready within {seconds} s.</source>
        <translation>{subject} ei ollut valmis {seconds} sekunnissa.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>{subject} stopped unexpectedly while starting (it crashed or was closed).</source>
        <translation>{subject} pysähtyi odottamatta käynnistyessään (se kaatui tai suljettiin).</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>{subject} could not be configured: {error}</source>
        <translation>{subject}: asetuksia ei voitu tehdä: {error}</translation>
    </message>
    <message>
        <location filename="../../chessgui/engines/uci_analysis.py" line="+43"/>
        <source>The analysis engine</source>
        <translation>Analyysimoottori</translation>
    </message>
</context>
<context>
    <name>VariationPresenter</name>
    <message>
        <location filename="../../chessgui/variation_presenter.py" line="+56"/>
        <source>The moves of the game itself cannot be deleted; take moves back instead.</source>
        <translation>Itse pelin siirtoja ei voi poistaa; peru siirtoja sen sijaan.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Comment</source>
        <translation>Kommentti</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Comment after the move:</source>
        <translation>Kommentti siirron jälkeen:</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Continue the game from this position with the current players? The moves played after it are kept as a variation.</source>
        <translation>Jatketaanko peliä tästä asemasta nykyisillä pelaajilla? Sen jälkeen pelatut siirrot säilytetään muunnelmana.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Continue from here?</source>
        <translation>Jatketaanko tästä?</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>That line cannot be played here: {error}</source>
        <translation>Tätä muunnelmaa ei voi pelata tässä: {error}</translation>
    </message>
</context>
<context>
    <name>_IndexThread</name>
    <message>
        <location filename="../../chessgui/storage/pgn/indexer.py" line="+46"/>
        <source>could not read {name}: {error}</source>
        <translation>tiedostoa {name} ei voitu lukea: {error}</translation>
    </message>
</context>
<context>
    <name>_LineRow</name>
    <message>
        <location filename="../../chessgui/views/analysis_view.py" line="-101"/>
        <source>Click a move to play the line up to it on the board</source>
        <extracomment>Moves of a line shown in the panel.</extracomment>
        <translation>Napsauta siirtoa pelataksesi muunnelman siihen asti laudalla</translation>
    </message>
</context>
<context>
    <name>_SideTimeRow</name>
    <message>
        <location filename="../../chessgui/dialogs/time_control_editor.py" line="-171"/>
        <source>+ increment</source>
        <translation>+ lisäaika</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>minutes</source>
        <translation>minuutit</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>seconds</source>
        <translation>sekunnit</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>increment</source>
        <translation>lisäaika</translation>
    </message>
</context>
<context>
    <name>_SideView</name>
    <message>
        <location filename="../../chessgui/views/engine_panel.py" line="+113"/>
        <source>White</source>
        <extracomment>PV moves shown in the panel (longer lines are cut with an ellipsis).</extracomment>
        <translation>Valkea</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Black</source>
        <translation>Musta</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Engine</source>
        <translation>Moottori</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>book</source>
        <translation>kirja</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>book move · {book_share:.0%} of the book&apos;s weight · {book_choices} in book</source>
        <translation>kirjasiirto · {book_share:.0%} kirjan painosta · kirjassa {book_choices}</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>tablebase move · {tablebase}</source>
        <translation>tietokantasiirto · {tablebase}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Its score and line show when the game ends.</source>
        <translation>Sen arvio ja muunnelma näkyvät pelin päätyttyä.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>depth {reached}</source>
        <translation>syvyys {reached}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{depth}   {format_count} nodes   {format_count2} n/s   {format_time}</source>
        <translation>{depth}   {format_count} solmua   {format_count2} solmua/s   {format_time}</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>not thinking</source>
        <translation>ei mieti</translation>
    </message>
</context>
<context>
    <name>_WarmUp</name>
    <message>
        <location filename="../../chessgui/engines/builtin_worker.py" line="-137"/>
        <source>The built-in engine could not be prepared: {error}</source>
        <extracomment>How often a worker waiting for the warm-up checks whether it was stopped.</extracomment>
        <translation>Sisäänrakennettua moottoria ei voitu valmistella: {error}</translation>
    </message>
</context>
<context>
    <name>__main__</name>
    <message>
        <location filename="../../chessgui/__main__.py" line="+79"/>
        <source>Chess is already open</source>
        <translation>Shakki on jo auki</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Chess is already open in another window, but that window does not answer. Switch to it, or close it and start Chess again.</source>
        <translation>Shakki on jo auki toisessa ikkunassa, mutta se ikkuna ei vastaa. Siirry siihen tai sulje se ja käynnistä Shakki uudelleen.</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Chess</source>
        <translation>Shakki</translation>
    </message>
</context>
<context>
    <name>actions</name>
    <message>
        <location filename="../../chessgui/actions.py" line="+131"/>
        <source>&amp;New game…</source>
        <translation>&amp;Uusi peli…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Start a new game</source>
        <translation>Aloita uusi peli</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Settings…</source>
        <translation>&amp;Asetukset…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Choose who plays each side, engine strength, board options</source>
        <translation>Valitse pelaajat, moottorin vahvuus ja laudan asetukset</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Take back</source>
        <translation>&amp;Peru siirto</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Take back the last move</source>
        <translation>Peru viimeisin siirto</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Claim draw</source>
        <translation>&amp;Vaadi tasapeliä</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Claim a draw (threefold repetition or 50-move rule)</source>
        <translation>Vaadi tasapeliä (kolminkertainen toisto tai 50 siirron sääntö)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Resign</source>
        <translation>&amp;Luovuta</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Resign the game</source>
        <translation>Luovuta peli</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Offer draw</source>
        <translation>&amp;Tarjoa tasapeliä</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Offer the computer a draw</source>
        <translation>Tarjoa tietokoneelle tasapeliä</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Abort game</source>
        <translation>&amp;Keskeytä peli</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>End the game without a result (before either side&apos;s second move)</source>
        <translation>Lopeta peli ilman tulosta (ennen kummankaan puolen toista siirtoa)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Game &amp;details…</source>
        <translation>Pelin &amp;tiedot…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Edit event, site, date, round and players&apos; names</source>
        <translation>Muokkaa tapahtumaa, paikkaa, päivämäärää, kierrosta ja pelaajien nimiä</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;My rating…</source>
        <translation>Oma &amp;vahvuusluku…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Your rating from games against the levels</source>
        <translation>Vahvuuslukusi tasoja vastaan pelatuista peleistä</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Pause</source>
        <translation>&amp;Tauko</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Pause or resume the game: clocks stop and the computer waits</source>
        <translation>Keskeytä tai jatka peliä: kellot pysähtyvät ja tietokone odottaa</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Step one move</source>
        <translation>&amp;Yksi siirto eteenpäin</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>While paused, let the computer play one move</source>
        <translation>Anna tauon aikana tietokoneen pelata yksi siirto</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Ne&amp;xt game</source>
        <translation>S&amp;euraava peli</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Start another computer game from a varied opening</source>
        <translation>Aloita uusi tietokonepeli eri avauksesta</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Play from &amp;here…</source>
        <translation>Pelaa &amp;tästä…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Play on in this game from the shown position (choose the players first)</source>
        <translation>Jatka tätä peliä näytetystä asemasta (valitse ensin pelaajat)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Hint</source>
        <translation>&amp;Vihje</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show the engine&apos;s suggestion as an arrow</source>
        <translation>Näytä moottorin ehdotus nuolena</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Analyse position</source>
        <translation>&amp;Analysoi asema</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Let an engine analyse the shown position (best lines)</source>
        <translation>Anna moottorin analysoida näytetty asema (parhaat muunnelmat)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Review game…</source>
        <translation>&amp;Käy peli läpi…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Analyse every move of the game: mistakes, best moves, accuracy</source>
        <translation>Analysoi pelin jokainen siirto: virheet, parhaat siirrot, tarkkuus</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Next mistake</source>
        <translation>Seuraava &amp;virhe</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show the next inaccuracy, mistake or blunder</source>
        <translation>Näytä seuraava epätarkkuus, virhe tai vakava virhe</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Learn from your mistakes…</source>
        <translation>&amp;Opi virheistäsi…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Find better moves in the positions where your side went wrong (after a review)</source>
        <translation>Etsi parempia siirtoja asemissa, joissa puolesi erehtyi (läpikäynnin jälkeen)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Flip board</source>
        <translation>Kää&amp;nnä lauta</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Turn the board around</source>
        <translation>Käännä lauta ympäri</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Search &amp;lab</source>
        <translation>Haku&amp;laboratorio</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Watch the built-in engine&apos;s search and experiment with it</source>
        <translation>Seuraa sisäänrakennetun moottorin hakua ja kokeile sitä</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Opening &amp;book</source>
        <translation>Avaus&amp;kirja</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The opening book&apos;s moves in the shown position, with the openings</source>
        <translation>Avauskirjan siirrot näytetyssä asemassa avausten nimineen</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Start position</source>
        <translation>Alkuasema</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show the start position</source>
        <translation>Näytä alkuasema</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Previous move</source>
        <translation>Edellinen siirto</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show the previous position</source>
        <translation>Näytä edellinen asema</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Next move</source>
        <translation>Seuraava siirto</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show the next position</source>
        <translation>Näytä seuraava asema</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Live position</source>
        <translation>Nykyinen asema</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Back to the live position</source>
        <translation>Takaisin pelin nykyiseen asemaan</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Previous variation</source>
        <translation>Edellinen muunnelma</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show the alternative before the shown move</source>
        <translation>Näytä näytettyä siirtoa edeltävä vaihtoehto</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Next variation</source>
        <translation>Seuraava muunnelma</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show the alternative after the shown move</source>
        <translation>Näytä näytetyn siirron jälkeinen vaihtoehto</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Position from &amp;FEN…</source>
        <translation>Asema &amp;FEN-merkkijonosta…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Start from a position given as FEN</source>
        <translation>Aloita FEN-muodossa annetusta asemasta</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Set up position…</source>
        <translation>Aseta a&amp;sema…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Set up a position on an editor board</source>
        <translation>Aseta asema muokkauslaudalla</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Copy F&amp;EN</source>
        <translation>Kopioi F&amp;EN</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Copy the shown position as FEN</source>
        <translation>Kopioi näytetty asema FEN-muodossa</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Paste FEN or PGN</source>
        <translation>&amp;Liitä FEN tai PGN</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Load a FEN or PGN from the clipboard</source>
        <translation>Lataa FEN tai PGN leikepöydältä</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Open PGN…</source>
        <translation>&amp;Avaa PGN…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open a game from a PGN file</source>
        <translation>Avaa peli PGN-tiedostosta</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;My games…</source>
        <translation>&amp;Omat pelit…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The games you finished here, newest first, to view or review</source>
        <translation>Täällä loppuun pelaamasi pelit uusin ensin, katsottaviksi tai läpikäytäviksi</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Save PGN…</source>
        <translation>&amp;Tallenna PGN…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save the game as a PGN file</source>
        <translation>Tallenna peli PGN-tiedostoksi</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Copy PGN</source>
        <translation>&amp;Kopioi PGN</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Copy the game as PGN</source>
        <translation>Kopioi peli PGN-muodossa</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Type a move</source>
        <translation>Kirjoita &amp;siirto</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Type a move (e4, Nf3, O-O, e7e8q) in the move field</source>
        <translation>Kirjoita siirto (e4, Nf3, O-O, e7e8q) siirtokenttään</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Speak position</source>
        <translation>Lue a&amp;sema ääneen</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Read out every piece on the board and whose move it is</source>
        <translation>Lue ääneen kaikki laudan nappulat ja kenen siirtovuoro on</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Keyboard shortcuts…</source>
        <translation>&amp;Pikanäppäimet…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Every command&apos;s key, and the keys and clicks of the board</source>
        <translation>Jokaisen komennon näppäin sekä laudan näppäimet ja napsautukset</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;About</source>
        <translation>&amp;Tietoja</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>About this program</source>
        <translation>Tietoja tästä ohjelmasta</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Quit</source>
        <translation>&amp;Lopeta</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Quit (an unfinished game is kept for next time)</source>
        <translation>Lopeta (keskeneräinen peli säilyy seuraavaan kertaan)</translation>
    </message>
    <message>
        <location filename="../../chessgui/menus.py" line="+28"/>
        <source>&amp;File</source>
        <translation>&amp;Tiedosto</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Game</source>
        <translation>&amp;Peli</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>&amp;Position</source>
        <translation>&amp;Asema</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Computer</source>
        <translation>Tieto&amp;kone</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Analysis</source>
        <translation>A&amp;nalyysi</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;View</source>
        <translation>&amp;Näytä</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>&amp;Help</source>
        <translation>&amp;Ohje</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Main</source>
        <translation>Päätyökalurivi</translation>
    </message>
</context>
<context>
    <name>analysis</name>
    <message>
        <location filename="../../chessgui/engines/analysis.py" line="+45"/>
        <source>Checkmate: there is nothing to analyse.</source>
        <translation>Matti: analysoitavaa ei ole.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stalemate: there is nothing to analyse.</source>
        <translation>Patti: analysoitavaa ei ole.</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The game is drawn in this position: there is nothing to analyse.</source>
        <translation>Peli on tässä asemassa tasapeli: analysoitavaa ei ole.</translation>
    </message>
</context>
<context>
    <name>analysis_settings</name>
    <message>
        <location filename="../../chessgui/storage/analysis_settings.py" line="+134"/>
        <source>The analysis settings ({join}) could not be read: the defaults are used for those.</source>
        <extracomment>How many lines (MultiPV) the analysis may show. UCI options that weaken an engine; analysis always runs at full strength, so they are not sent. What the built-in engine is called in the engine lists.</extracomment>
        <translation>Analyysiasetuksia ({join}) ei voitu lukea: niille käytetään oletusarvoja.</translation>
    </message>
</context>
<context>
    <name>announcer</name>
    <message>
        <location filename="../../chessgui/views/announcer.py" line="-119"/>
        <source>castles kingside</source>
        <translation>linnoittaa lyhyesti</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>castles queenside</source>
        <translation>linnoittaa pitkästi</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>piece</source>
        <translation>nappula</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{file} pawn takes {target}</source>
        <translation>{file}-sotilas lyö {target}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> en passant</source>
        <translation> ohestalyönnillä</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>{piece} from {origin} takes {target}</source>
        <translation>{piece} ruudusta {origin} lyö {target}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{piece} from {origin} to {target}</source>
        <translation>{piece} ruudusta {origin} ruutuun {target}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{piece} takes {target}</source>
        <translation>{piece} lyö {target}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{piece} to {target}</source>
        <translation>{piece} ruutuun {target}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>, promotes to {piece_name}</source>
        <translation>, korottuu: {piece_name}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>, checkmate</source>
        <translation>, matti</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>, check</source>
        <translation>, shakki</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{side}: {move}</source>
        <translation>{side}: {move}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Checkmate. {side_name} wins</source>
        <translation>Matti. {side_name} voittaa</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Stalemate. Draw</source>
        <translation>Patti. Tasapeli</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>{name}, empty</source>
        <translation>{name}, tyhjä</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{square}, white {piece}</source>
        <translation>{square}, valkea {piece}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{square}, black {piece}</source>
        <translation>{square}, musta {piece}</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>{squares} and {last}</source>
        <translation>{squares} ja {last}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>no pieces</source>
        <translation>ei nappuloita</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{side}: {pieces}.</source>
        <translation>{side}: {pieces}.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{side_name} to move</source>
        <translation>{side_name} siirtää</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{side_name} is checkmated</source>
        <translation>{side_name} on matissa</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>, in check</source>
        <translation>, shakissa</translation>
    </message>
</context>
<context>
    <name>autosave_keeper</name>
    <message>
        <location filename="../../chessgui/storage/autosave_keeper.py" line="+22"/>
        <source>The autosaved game could not be opened ({strerror}).</source>
        <translation>Automaattisesti tallennettua peliä ei voitu avata ({strerror}).</translation>
    </message>
</context>
<context>
    <name>book</name>
    <message>
        <location filename="../../chessgui/storage/book.py" line="+80"/>
        <location line="+20"/>
        <location line="+69"/>
        <source>The opening book {label} cannot be read: {strerror}.</source>
        <translation>Avauskirjaa {label} ei voi lukea: {strerror}.</translation>
    </message>
    <message>
        <location line="-84"/>
        <source>The opening book {label} is empty.</source>
        <translation>Avauskirja {label} on tyhjä.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The opening book {label} is not a polyglot book (its size is not a whole number of entries; the file may be truncated or of another kind).</source>
        <translation>Avauskirja {label} ei ole polyglot-kirja (sen koko ei ole kokonainen määrä merkintöjä; tiedosto voi olla katkennut tai muuta tyyppiä).</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>The opening book {label} is not a polyglot book (its entries are not in order; it may be a text file or damaged).</source>
        <translation>Avauskirja {label} ei ole polyglot-kirja (sen merkinnät eivät ole järjestyksessä; se voi olla tekstitiedosto tai vioittunut).</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The opening book {label} cannot be opened: {error}.</source>
        <translation>Avauskirjaa {label} ei voi avata: {error}.</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>The default opening book is missing from the program files; reinstall the program.</source>
        <translation>Oletusavauskirja puuttuu ohjelman tiedostoista; asenna ohjelma uudelleen.</translation>
    </message>
</context>
<context>
    <name>chess_words</name>
    <message>
        <location filename="../../chessgui/game/chess_words.py" line="-56"/>
        <source>Black</source>
        <translation>Musta</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>White</source>
        <translation>Valkea</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>pawn</source>
        <translation>sotilas</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>knight</source>
        <translation>ratsu</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>bishop</source>
        <translation>lähetti</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>rook</source>
        <translation>torni</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>queen</source>
        <translation>daami</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>king</source>
        <translation>kuningas</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>pawns</source>
        <translation>sotilaat</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>knights</source>
        <translation>ratsut</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>bishops</source>
        <translation>lähetit</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>rooks</source>
        <translation>tornit</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>queens</source>
        <translation>daamit</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>kings</source>
        <translation>kuninkaat</translation>
    </message>
</context>
<context>
    <name>fen_check</name>
    <message>
        <location filename="../../chessgui/storage/fen_diagnostics.py" line="+44"/>
        <source>the text is not a FEN: expected 8 ranks, found {count}</source>
        <translation>teksti ei ole FEN: odotettiin 8 riviä, löytyi {count}</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>rank {rank_number}: &apos;0&apos; is not a number of empty squares (use 1 to 8)</source>
        <translation>rivi {rank_number}: &apos;0&apos; ei ole tyhjien ruutujen määrä (käytä lukuja 1–8)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>unknown piece letter &apos;{ch}&apos; on rank {rank_number}</source>
        <translation>tuntematon nappulakirjain &apos;{ch}&apos; rivillä {rank_number}</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>rank {rank_number} has {squares} squares instead of 8</source>
        <translation>rivillä {rank_number} on {squares} ruutua 8:n sijaan</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>unknown castling letter &apos;{letter}&apos; (use K, Q, k, q or -)</source>
        <translation>tuntematon linnoituskirjain &apos;{letter}&apos; (käytä K, Q, k, q tai -)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>castling right {letter} is given twice</source>
        <translation>linnoitusoikeus {letter} on annettu kahdesti</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>castling right {letter}, but the {color_word} king is not on {square_name}</source>
        <translation>linnoitusoikeus {letter}, mutta kuningas ({color_word}) ei ole ruudussa {square_name}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>castling right {letter}, but no rook on {square_name}</source>
        <translation>linnoitusoikeus {letter}, mutta ruudussa {square_name} ei ole tornia</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>en passant square &apos;{field}&apos; is not a square (use e.g. e3, or -)</source>
        <translation>ohestalyöntiruutu &apos;{field}&apos; ei ole ruutu (käytä esim. e3 tai -)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>impossible en passant square {field}: with {value} to move it must be on rank {expected_rank}</source>
        <translation>mahdoton ohestalyöntiruutu {field}: kun siirtovuoro on puolella {value}, sen on oltava rivillä {expected_rank}</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>impossible en passant square {field}: no {mover} pawn on {square_name} that could just have moved two squares</source>
        <translation>mahdoton ohestalyöntiruutu {field}: ruudussa {square_name} ei ole sotilasta ({mover}), joka olisi juuri voinut siirtyä kaksi ruutua</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>impossible en passant square {field}: the pawn could not have passed over an occupied square</source>
        <translation>mahdoton ohestalyöntiruutu {field}: sotilas ei olisi voinut ohittaa varattua ruutua</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>the {name} must be a whole number of at least {minimum}, not &apos;{field}&apos;</source>
        <translation>kentän {name} on oltava kokonaisluku, vähintään {minimum}, ei &apos;{field}&apos;</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>the halfmove clock can be at most {maximum}, not a {digits}-digit number (the 75-move rule ends the game after 150 half-moves without a capture or pawn move)</source>
        <translation>puolisiirtolaskuri voi olla enintään {maximum}, ei {digits}-numeroinen luku (75 siirron sääntö päättää pelin 150 puolisiirron jälkeen ilman lyöntiä tai sotilaan siirtoa)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>the {name} has {digits} digits, far more than any game could reach</source>
        <translation>{name}: {digits} numeroa, paljon enemmän kuin mikään peli voi saavuttaa</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>the {name} must be at least {minimum}, not {value}</source>
        <translation>kentän {name} on oltava vähintään {minimum}, ei {value}</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>the halfmove clock can be at most {MAX_HALFMOVE_CLOCK}, not {halfmove} (the 75-move rule ends the game after 150 half-moves without a capture or pawn move)</source>
        <translation>puolisiirtolaskuri voi olla enintään {MAX_HALFMOVE_CLOCK}, ei {halfmove} (75 siirron sääntö päättää pelin 150 puolisiirron jälkeen ilman lyöntiä tai sotilaan siirtoa)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>the halfmove clock must be 0, not {halfmove}: en passant square {ep} means a pawn has just moved</source>
        <translation>puolisiirtolaskurin on oltava 0, ei {halfmove}: ohestalyöntiruutu {ep} tarkoittaa, että sotilas on juuri liikkunut</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>{name} has no king</source>
        <translation>puolella {name} ei ole kuningasta</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{name} has {count} kings</source>
        <translation>puolella {name} on {count} kuningasta</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>too many pawns for {name}: {pawns}, at most 8</source>
        <translation>liikaa sotilaita puolella {name}: {pawns}, enintään 8</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>too many pieces for {name}: {total}, at most 16</source>
        <translation>liikaa nappuloita puolella {name}: {total}, enintään 16</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>too many pieces for {name}: {extra} beyond the starting set would need promoted pawns, but with {pawns} pawns on the board at most {value} can have promoted</source>
        <translation>liikaa nappuloita puolella {name}: alkuasetelman ylittävät {extra} vaatisivat korotettuja sotilaita, mutta kun laudalla on {pawns} sotilasta, enintään {value} on voinut korottua</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>the board is empty: both kings are missing</source>
        <translation>lauta on tyhjä: molemmat kuninkaat puuttuvat</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>a pawn stands on rank {rank_index} ({where}), where no pawn can be</source>
        <translation>sotilas on rivillä {rank_index} ({where}), jolla sotilas ei voi olla</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>the side not to move is in check: {victim}&apos;s king on {where} is attacked, but it is {value}&apos;s move</source>
        <translation>siirtovuorossa olematon puoli on shakissa: kuningasta ({victim}) ruudussa {where} uhataan, mutta siirtovuoro on puolella {value}</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>{value}&apos;s king is attacked by {count} pieces; no move can give more than a double check</source>
        <translation>kuningasta ({value}) uhkaa {count} nappulaa; mikään siirto ei voi antaa enempää kuin kaksoisshakin</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>impossible check on {value}&apos;s king: no single move could have given these checks</source>
        <translation>mahdoton shakki kuninkaalle ({value}): mikään yksittäinen siirto ei olisi voinut antaa näitä shakkeja</translation>
    </message>
    <message>
        <location filename="../../chessgui/storage/fen_check.py" line="+15"/>
        <source>the text is empty</source>
        <translation>teksti on tyhjä</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the text is not a FEN: expected at most 6 fields, found {count}</source>
        <translation>teksti ei ole FEN: odotettiin enintään 6 kenttää, löytyi {count}</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>side to move must be w or b, not &apos;{value}&apos;</source>
        <translation>siirtovuoron on oltava w tai b, ei &apos;{value}&apos;</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>halfmove clock</source>
        <translation>puolisiirtolaskuri</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>move number</source>
        <translation>siirtonumero</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>python-chess rejected the FEN: {error}</source>
        <translation>python-chess hylkäsi FENin: {error}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the position is not legal (python-chess status {leftover})</source>
        <translation>asema ei ole laillinen (python-chessin tila {leftover})</translation>
    </message>
</context>
<context>
    <name>lab_runner</name>
    <message>
        <location filename="../../chessgui/engines/lab_runner.py" line="+31"/>
        <source>all on</source>
        <translation>kaikki päällä</translation>
    </message>
    <message>
        <location line="+69"/>
        <source>This is not a search lab export: the header row does not match.</source>
        <translation>Tämä ei ole hakulaboratorion vienti: otsikkorivi ei täsmää.</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Line {line}: {name} is not a whole number: {value!r}</source>
        <translation>Rivi {line}: {name} ei ole kokonaisluku: {value!r}</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Line {line}: too few columns.</source>
        <translation>Rivi {line}: liian vähän sarakkeita.</translation>
    </message>
</context>
<context>
    <name>move_entry</name>
    <message>
        <location filename="../../chessgui/views/move_entry.py" line="-309"/>
        <source>Type a move like e4, Nf3, exd5, O-O or e7e8q.</source>
        <translation>Kirjoita siirto, esimerkiksi e4, Nf3, exd5, O-O tai e7e8q.</translation>
    </message>
    <message>
        <location line="+45"/>
        <source> and {count} more</source>
        <translation> ja {count} muuta</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The game is over: no more moves can be played.</source>
        <translation>Peli on päättynyt: siirtoja ei voi enää pelata.</translation>
    </message>
    <message>
        <location line="+10"/>
        <source> or </source>
        <translation> tai </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{move} is ambiguous: say which piece — {choices}.</source>
        <translation>{move} on moniselitteinen: kerro mikä nappula — {choices}.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>{cleaned} is not a whole move. Moves that begin so: {listing}.</source>
        <translation>{cleaned} ei ole kokonainen siirto. Näin alkavat siirrot: {listing}.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>“{text}” is not a move. {FORMAT_HELP}</source>
        <translation>”{text}” ei ole siirto. {FORMAT_HELP}</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>There is no piece on {origin}.</source>
        <translation>Ruudussa {origin} ei ole nappulaa.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The piece on {origin} is not yours: it is {side}&apos;s move.</source>
        <translation>Ruudun {origin} nappula ei ole sinun: siirtovuoro on puolella {side}.</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Say which piece to promote to: {origin}{target}q for a queen, or r, b, n.</source>
        <translation>Kerro, miksi nappulaksi korotetaan: {origin}{target}q daamiksi, tai r, b, n.</translation>
    </message>
    <message>
        <location line="+16"/>
        <source> It would leave your king in check.</source>
        <translation> Se jättäisi kuninkaasi shakkiin.</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> You must get out of check.</source>
        <translation> Sinun on päästävä pois shakista.</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+46"/>
        <source> You are in check.</source>
        <translation> Olet shakissa.</translation>
    </message>
    <message>
        <location line="-44"/>
        <source>The {name} on {origin} cannot go to {target}.{reason} It can play: {listing}.</source>
        <translation>Nappula ({name}) ruudussa {origin} ei voi siirtyä ruutuun {target}.{reason} Se voi pelata: {listing}.</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The {name} on {origin} cannot go to {target}; it has no legal move.{reason}</source>
        <translation>Nappula ({name}) ruudussa {origin} ei voi siirtyä ruutuun {target}; sillä ei ole laillista siirtoa.{reason}</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>kingside</source>
        <translation>lyhyesti</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>queenside</source>
        <translation>pitkästi</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>you are in check</source>
        <translation>olet shakissa</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the king or rook has moved, a square between is taken or attacked</source>
        <translation>kuningas tai torni on liikkunut, tai välissä oleva ruutu on varattu tai uhattu</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>You cannot castle {side} now: {reason}.</source>
        <translation>Et voi linnoittaa {side} nyt: {reason}.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>You have no {name} left.</source>
        <translation>Sinulla ei ole enää nappulaa: {name}.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> to {target}</source>
        <translation> ruutuun {target}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> there</source>
        <translation> sinne</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No {name} can go{where}.{check} Your {plural} can play: {listing}.</source>
        <translation>Mikään nappula ({name}) ei voi siirtyä{where}.{check} Nappulasi ({plural}) voivat pelata: {listing}.</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>No {name} can go{where}; no {name} of yours has a legal move now.{check}</source>
        <translation>Mikään nappula ({name}) ei voi siirtyä{where}; millään nappulallasi ({name}) ei ole nyt laillista siirtoa.{check}</translation>
    </message>
</context>
<context>
    <name>move_text</name>
    <message>
        <location filename="../../chessgui/views/move_text.py" line="+185"/>
        <source>book</source>
        <extracomment>Shown after a move played from the opening book (its comment is exactly this word).</extracomment>
        <translation>kirja</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Best was {move}</source>
        <translation>Paras oli {move}</translation>
    </message>
</context>
<context>
    <name>players</name>
    <message>
        <location filename="../../chessgui/engines/players.py" line="-224"/>
        <source>Built-in engine</source>
        <extracomment>A UCI engine that has not answered this long after its time ran out is called hung. Depth/node-limited searches have no time limit; this is how long they may take at most.</extracomment>
        <translation>Sisäänrakennettu moottori</translation>
    </message>
    <message>
        <location line="+136"/>
        <source>UCI engine</source>
        <translation>UCI-moottori</translation>
    </message>
    <message>
        <location line="+104"/>
        <source>Human</source>
        <translation>Ihminen</translation>
    </message>
</context>
<context>
    <name>problem_list</name>
    <message>
        <location filename="../../chessgui/dialogs/board_editor/problem_list.py" line="+24"/>
        <source>{side} is checkmated: the game is already over.</source>
        <translation>{side} on matissa: peli on jo päättynyt.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{side} is stalemated: the game is already drawn.</source>
        <translation>{side} on patissa: peli on jo tasapeli.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Neither side has enough material to checkmate: the game is drawn.</source>
        <translation>Kummallakaan puolella ei ole riittävästi materiaalia mattiin: peli on tasapeli.</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{side} is in check.</source>
        <translation>{side} on shakissa.</translation>
    </message>
</context>
<context>
    <name>rating</name>
    <message>
        <location filename="../../chessgui/storage/rating.py" line="+8"/>
        <source>not a rating file</source>
        <translation>ei ole vahvuuslukutiedosto</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>unknown version {get!r}</source>
        <translation>tuntematon versio {get!r}</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>bad score {score}</source>
        <translation>virheellinen tulos {score}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>bad rating numbers</source>
        <translation>virheelliset vahvuuslukuarvot</translation>
    </message>
</context>
<context>
    <name>read</name>
    <message>
        <location filename="../../chessgui/storage/pgn/read.py" line="+158"/>
        <source>line {line}: {text}</source>
        <translation>rivi {line}: {text}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>line {line}: text without tags or moves is not a game; it was skipped</source>
        <translation>rivi {line}: teksti ilman tunnisteita tai siirtoja ei ole peli; se ohitettiin</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>{name} is not a PGN file: it holds binary data, not text</source>
        <translation>{name} ei ole PGN-tiedosto: se sisältää binääridataa, ei tekstiä</translation>
    </message>
    <message>
        <location filename="../../chessgui/storage/pgn/builder.py" line="+101"/>
        <source>illegal move</source>
        <translation>laiton siirto</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ambiguous move</source>
        <translation>moniselitteinen siirto</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>unreadable move</source>
        <translation>lukukelvoton siirto</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{kind} &apos;{san}&apos; at move {number} in a variation; the variation was cut there</source>
        <translation>{kind} &apos;{san}&apos; siirrolla {number} muunnelmassa; muunnelma katkaistiin siihen</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{kind} &apos;{san}&apos; at move {number}; the game stops there</source>
        <translation>{kind} &apos;{san}&apos; siirrolla {number}; peli päättyy siihen</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>the start position (FEN tag) is not valid: {reasons}</source>
        <translation>alkuasema (FEN-tunniste) ei kelpaa: {reasons}</translation>
    </message>
    <message>
        <location filename="../../chessgui/storage/pgn/read.py" line="+35"/>
        <source>it is a game of the variant &apos;{variant}&apos;, which this program does not play</source>
        <translation>se on muunnelman &apos;{variant}&apos; peli, jota tämä ohjelma ei pelaa</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>game {index} ({players}): {problem}</source>
        <translation>peli {index} ({players}): {problem}</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>could not open {name}: {strerror}</source>
        <translation>tiedostoa {name} ei voitu avata: {strerror}</translation>
    </message>
    <message>
        <location line="+15"/>
        <location line="+57"/>
        <source>could not read {name}: {strerror}</source>
        <translation>tiedostoa {name} ei voitu lukea: {strerror}</translation>
    </message>
    <message>
        <location line="-32"/>
        <source>there is no game at line {line}: the text there has no tags and no moves</source>
        <translation>rivillä {line} ei ole peliä: siinä olevassa tekstissä ei ole tunnisteita eikä siirtoja</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>the start position (FEN tag) is not valid</source>
        <translation>alkuasema (FEN-tunniste) ei kelpaa</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>no game found in {name} at byte {offset}; was the file changed?</source>
        <translation>tiedostosta {name} ei löytynyt peliä tavun {offset} kohdalta; onko tiedostoa muutettu?</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>game {index}: {error}</source>
        <translation>peli {index}: {error}</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>game {index} ({label}): {problem}</source>
        <translation>peli {index} ({label}): {problem}</translation>
    </message>
</context>
<context>
    <name>resources_path</name>
    <message>
        <location filename="../../chessgui/resources_path.py" line="+44"/>
        <source>The program file {join} is missing from {RESOURCE_PACKAGE}; reinstall the program.</source>
        <translation>Ohjelmatiedosto {join} puuttuu paketista {RESOURCE_PACKAGE}; asenna ohjelma uudelleen.</translation>
    </message>
</context>
<context>
    <name>retry</name>
    <message>
        <location filename="../../chessgui/dialogs/retry_dialog.py" line="-215"/>
        <source>an inaccuracy</source>
        <translation>epätarkkuus</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a mistake</source>
        <translation>virhe</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a blunder</source>
        <translation>vakava virhe</translation>
    </message>
</context>
<context>
    <name>review</name>
    <message>
        <location filename="../../chessgui/engines/review_worker.py" line="+32"/>
        <source>at move {index}</source>
        <translation>siirrolla {index}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>at the start position</source>
        <translation>alkuasemassa</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{name} stopped working (it crashed or quit) {where}.</source>
        <translation>{name} lakkasi toimimasta (se kaatui tai lopetti) {where}.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{name} stopped answering {where} (nothing for {grace:g} s after its time, {description}).</source>
        <translation>{name} lakkasi vastaamasta {where} (ei mitään {grace:g} s:iin aikansa jälkeen, {description}).</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{name} failed {where}: {error}</source>
        <translation>{name} epäonnistui {where}: {error}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{reason} The review stopped; the game and the analysis so far are kept.</source>
        <translation>{reason} Läpikäynti pysähtyi; peli ja tähänastinen analyysi säilyvät.</translation>
    </message>
</context>
<context>
    <name>review_panel</name>
    <message>
        <location filename="../../chessgui/views/review_panel.py" line="-101"/>
        <source>accuracy unknown</source>
        <translation>tarkkuus tuntematon</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{accuracy:.0f} % accuracy</source>
        <translation>tarkkuus {accuracy:.0f} %</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>about {value} s left</source>
        <translation>noin {value} s jäljellä</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>about {seconds} min left</source>
        <translation>noin {seconds} min jäljellä</translation>
    </message>
</context>
<context>
    <name>sounds</name>
    <message>
        <location filename="../../chessgui/views/sounds.py" line="+26"/>
        <source>Sounds are off: this copy of Qt has no QtMultimedia module (PySide6-Essentials lacks it; installing PySide6-Addons adds it).</source>
        <translation>Äänet ovat pois päältä: tässä Qt-asennuksessa ei ole QtMultimedia-moduulia (PySide6-Essentials ei sisällä sitä; PySide6-Addons-paketin asentaminen lisää sen).</translation>
    </message>
</context>
<context>
    <name>status_line</name>
    <message>
        <location filename="../../chessgui/views/status_line.py" line="+17"/>
        <source>Preparing engine… (the move follows as soon as it is ready)</source>
        <translation>Valmistellaan moottoria… (siirto tulee heti, kun se on valmis)</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Viewing a loaded game. To play on from the shown position, choose Game ▸ Play from here.</source>
        <translation>Näytetään ladattua peliä. Jatkaaksesi näytetystä asemasta valitse Peli ▸ Pelaa tästä.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Viewing a variation · live game: {text}</source>
        <translation>Näytetään muunnelmaa · peli: {text}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Viewing move {view_ply} of {live_ply} · live game: {text}</source>
        <translation>Näytetään siirto {view_ply}/{live_ply} · peli: {text}</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>{name} ({side}) is thinking…</source>
        <translation>{name} ({side}) miettii…</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>{side} to move · computer moves are paused (Space resumes)</source>
        <translation>{side} siirtää · tietokoneen siirrot ovat tauolla (välilyönti jatkaa)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Paused · {side} ({name}) to move · Space resumes, Ctrl+Right plays one move</source>
        <translation>Tauko · {side} ({name}) siirtää · välilyönti jatkaa, Ctrl+Oikea pelaa yhden siirron</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{side} to move (check)</source>
        <translation>{side} siirtää (shakki)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{side} to move</source>
        <translation>{side} siirtää</translation>
    </message>
</context>
<context>
    <name>tablebase_check</name>
    <message>
        <location filename="../../chessgui/storage/tablebase_check.py" line="+72"/>
        <source>The {kind} table for {name} cannot be read (the file is damaged or not a {kind} table: {error}).</source>
        <translation>{kind}-tietokantaa {name} ei voi lukea (tiedosto on vioittunut tai se ei ole {kind}-tietokanta: {error}).</translation>
    </message>
</context>
<context>
    <name>tablebase_files</name>
    <message>
        <location filename="../../chessgui/storage/tablebase_files.py" line="+44"/>
        <source>the file is too short to be a table</source>
        <extracomment>Where Debian&apos;s ``gaviotatb`` package puts its tables (scheme 4: the one python-chess reads). What python-chess raises on a damaged or foreign table file (besides a missing table).</extracomment>
        <translation>tiedosto on liian lyhyt ollakseen tietokanta</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the file&apos;s header is damaged or it is not a Gaviota table</source>
        <translation>tiedoston otsake on vioittunut tai se ei ole Gaviota-tietokanta</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the file cannot be read: {strerror}</source>
        <translation>tiedostoa ei voi lukea: {strerror}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the file is truncated</source>
        <translation>tiedosto on katkennut</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the file&apos;s block index is damaged or the file is truncated</source>
        <translation>tiedoston lohkohakemisto on vioittunut tai tiedosto on katkennut</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The {kind} directory {directory} does not exist.</source>
        <translation>{kind}-kansiota {directory} ei ole olemassa.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The {kind} directory {directory} is not a directory.</source>
        <translation>{kind}-kansio {directory} ei ole kansio.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The {kind} directory {directory} cannot be read: {strerror}.</source>
        <translation>{kind}-kansiota {directory} ei voi lukea: {strerror}.</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>The Syzygy directory {directory} holds no Syzygy tables (.rtbw/.rtbz files).</source>
        <translation>Syzygy-kansiossa {directory} ei ole Syzygy-tietokantoja (.rtbw/.rtbz-tiedostoja).</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>The Gaviota directory {directory} only holds tables compressed with another scheme (.gtb.cp1–.cp3); only .gtb.cp4 tables can be read (Debian&apos;s are in /usr/share/gaviotatb/gtb4).</source>
        <translation>Gaviota-kansiossa {directory} on vain toisella tavalla pakattuja tietokantoja (.gtb.cp1–.cp3); vain .gtb.cp4-tietokantoja voi lukea (Debianin tietokannat ovat kansiossa /usr/share/gaviotatb/gtb4).</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The Gaviota directory {directory} holds no Gaviota tables (.gtb.cp4 files).</source>
        <translation>Gaviota-kansiossa {directory} ei ole Gaviota-tietokantoja (.gtb.cp4-tiedostoja).</translation>
    </message>
</context>
<context>
    <name>tablebases</name>
    <message>
        <location filename="../../chessgui/storage/tablebase_result.py" line="+9"/>
        <source>White</source>
        <translation>Valkea</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Black</source>
        <translation>Musta</translation>
    </message>
</context>
<context>
    <name>time_control</name>
    <message>
        <location filename="../../chessgui/clock/time_control.py" line="-256"/>
        <source>Clock times must be finite numbers.</source>
        <translation>Kelloaikojen on oltava äärellisiä lukuja.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&apos;{original}&apos; is not a time control: write minutes + seconds, like 5+3 or 10s+0.1.</source>
        <translation>&apos;{original}&apos; ei ole aikaraja: kirjoita minuutit + sekunnit, esim. 5+3 tai 10s+0.1.</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&apos;{original}&apos;: a base time over 24 hours is not supported.</source>
        <translation>&apos;{original}&apos;: yli 24 tunnin perusaikaa ei tueta.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&apos;{original}&apos;: an increment over an hour is not supported.</source>
        <translation>&apos;{original}&apos;: yli tunnin lisäaikaa ei tueta.</translation>
    </message>
</context>
<context>
    <name>uci_process</name>
    <message>
        <location filename="../../chessgui/engines/uci_process.py" line="+76"/>
        <source>No engine program was chosen.</source>
        <extracomment>Seconds an engine gets to answer the UCI handshake (&quot;uci&quot; ... &quot;uciok&quot;).</extracomment>
        <translation>Moottoriohjelmaa ei valittu.</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The engine program &apos;{program}&apos; does not exist.</source>
        <translation>Moottoriohjelmaa &apos;{program}&apos; ei ole olemassa.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&apos;{program}&apos; is a folder, not an engine program.</source>
        <translation>&apos;{program}&apos; on kansio, ei moottoriohjelma.</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The engine program &apos;{program}&apos; was not found.</source>
        <translation>Moottoriohjelmaa &apos;{program}&apos; ei löytynyt.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The engine program &apos;{program}&apos; cannot be run (is it executable?).</source>
        <translation>Moottoriohjelmaa &apos;{program}&apos; ei voi suorittaa (onko se suoritettava?).</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&apos;{shown}&apos; did not answer as a UCI chess engine within {timeout_s:g} s.</source>
        <translation>&apos;{shown}&apos; ei vastannut UCI-shakkimoottorina {timeout_s:g} s:n kuluessa.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&apos;{shown}&apos; exited at once instead of starting as a UCI chess engine.</source>
        <translation>&apos;{shown}&apos; päättyi heti sen sijaan, että olisi käynnistynyt UCI-shakkimoottorina.</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&apos;{shown}&apos; could not be started as a UCI chess engine: {error}</source>
        <translation>&apos;{shown}&apos; ei käynnistynyt UCI-shakkimoottorina: {error}</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>the engine has no option &apos;{name}&apos;</source>
        <translation>moottorilla ei ole asetusta &apos;{name}&apos;</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>option &apos;{name}&apos;: {error}</source>
        <translation>asetus &apos;{name}&apos;: {error}</translation>
    </message>
</context>
<context>
    <name>window_layout</name>
    <message>
        <location filename="../../chessgui/storage/window_layout.py" line="+42"/>
        <source>The saved window layout could not be read: the window opens at its default size.</source>
        <translation>Tallennettua ikkunan asettelua ei voitu lukea: ikkuna avautuu oletuskokoisena.</translation>
    </message>
</context>
<context>
    <name>write</name>
    <message>
        <location filename="../../chessgui/storage/pgn/write.py" line="+64"/>
        <location line="+16"/>
        <source>could not save {name}: {strerror}</source>
        <translation>tiedostoa {name} ei voitu tallentaa: {strerror}</translation>
    </message>
</context>
</TS>
