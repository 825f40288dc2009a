"""All of the main window's wiring: which signal reaches which slot.

MainWindow (chessgui/main_window.py) builds the controller, the views and the presenters;
:func:`wire_window` connects them, in one place, and decides nothing. Presenters never
connect each other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from chessgui.actions import MainActions

if TYPE_CHECKING:
    from chessgui.main_window import MainWindow


def wire_window(window: MainWindow, actions: MainActions) -> None:
    """Connect the window's parts: requests to the controller and presenters, their signals to the views."""
    controller, navigator = window.controller, window.navigator
    window.board_widget.move_requested.connect(window.board_presenter.on_move_requested)
    controller.move_made.connect(window.board_presenter.on_move_made)
    controller.move_made.connect(window.access.on_move_made)
    controller.move_taken_back.connect(window.status.refresh_from_game)
    controller.game_started.connect(window.status.refresh_from_game)
    controller.tree_changed.connect(window.status.refresh_log)
    controller.game_over.connect(window.status.on_game_over)
    controller.game_over.connect(window.access.on_game_over)
    controller.game_started.connect(window.access.on_game_started)
    controller.move_taken_back.connect(window.access.on_move_taken_back)
    controller.human_input_enabled.connect(window.board_presenter.on_human_input_enabled)
    controller.status_changed.connect(window.status.update_actions)
    controller.paused_changed.connect(window.status.on_paused_changed)
    controller.notice_posted.connect(window.on_status_message)
    controller.player_failed.connect(window.status.on_player_failed)
    navigator.view_changed.connect(window.board_presenter.on_view_changed)
    window.openings.opening_shown.connect(window.opening_label.setText)
    window.chess_clock.changed.connect(window.status.refresh_status)
    window.move_log.ply_selected.connect(navigator.go_to)
    window.move_log.node_selected.connect(navigator.go_to_node)
    window.move_log.navigation_requested.connect(window.board_presenter.on_navigation_requested)
    window.move_log.promote_requested.connect(controller.tree_editor.promote_variation)
    variations = window.variations
    window.move_log.make_main_line_requested.connect(variations.on_make_main_line_requested)
    window.move_log.delete_requested.connect(variations.on_delete_requested)
    window.move_log.comment_requested.connect(variations.on_comment_requested)
    window.move_log.nags_requested.connect(controller.tree_editor.set_nags)
    window.move_log.continue_requested.connect(variations.on_continue_requested)
    variations.status_message.connect(window.on_status_message)
    window.history_banner.back_button.clicked.connect(navigator.last)
    window.color_scheme.applied.connect(window.history_banner.set_dark)

    actions.new_game.triggered.connect(window.commands.on_new_game_triggered)
    actions.takeback.triggered.connect(controller.takeback)
    actions.claim_draw.triggered.connect(controller.ending.claim_draw)
    actions.resign.triggered.connect(window.commands.on_resign_triggered)
    actions.offer_draw.triggered.connect(window.commands.on_offer_draw_triggered)
    actions.abort.triggered.connect(controller.ending.abort)
    actions.game_details.triggered.connect(window.commands.on_game_details_triggered)
    controller.headers_changed.connect(window.status.update_players_label)
    actions.pause.toggled.connect(window.commands.on_pause_toggled)
    actions.step.triggered.connect(controller.step)
    actions.flip.triggered.connect(window.look.on_flip_triggered)
    actions.first_move.triggered.connect(navigator.first)
    actions.previous_move.triggered.connect(navigator.back)
    actions.next_move.triggered.connect(navigator.forward)
    actions.last_move.triggered.connect(navigator.last)
    actions.previous_variation.triggered.connect(navigator.previous_variation)
    actions.next_variation.triggered.connect(navigator.next_variation)
    actions.copy_fen.triggered.connect(window.commands.on_copy_fen_triggered)
    # ``triggered`` passes a bool; the FEN dialog's slot takes optional text instead.
    actions.load_fen.triggered.connect(lambda: window.flows.on_load_fen_triggered())
    actions.edit_position.triggered.connect(window.flows.on_edit_position_triggered)
    actions.paste.triggered.connect(window.flows.on_paste_triggered)
    actions.open_pgn.triggered.connect(window.flows.on_open_pgn_triggered)
    actions.save_pgn.triggered.connect(window.flows.on_save_pgn_triggered)
    actions.copy_pgn.triggered.connect(window.flows.on_copy_pgn_triggered)
    window.flows.position_chosen.connect(window.session.new_game)
    window.flows.game_loaded.connect(window.controller.view_game)
    actions.play_from_here.triggered.connect(window.commands.on_play_from_here_triggered)
    window.flows.status_message.connect(window.on_status_message)
    window.flows.file_used.connect(window.recent_files.add)
    window.recent_files.file_chosen.connect(window.flows.open_file_argument)
    window.recent_files.status_message.connect(window.on_status_message)
    session = window.session
    session.engine_info.connect(window.engine_panel.on_search_info)
    session.engine_info.connect(window.eval_bar.on_search_info)
    session.engine_cleared.connect(window.engine_view.on_engine_cleared)
    for change in (controller.game_started, controller.game_over, controller.move_taken_back):
        change.connect(window.engine_view.update_thinking_hidden)
    window.engine_view.thinking_hidden_changed.connect(window.review.on_thinking_hidden_changed)
    session.book_problem.connect(window.on_status_message)
    window.tablebases.text_changed.connect(window.engine_panel.set_tablebase_text)
    window.tablebases.problem_found.connect(window.on_status_message)
    session.settings_applied.connect(window.on_settings_applied)
    actions.settings.triggered.connect(window.commands.on_settings_triggered)
    actions.next_game.triggered.connect(window.commands.on_next_game_triggered)
    actions.hint.triggered.connect(window.hints.on_hint_triggered)
    actions.search_lab.toggled.connect(window.search_lab_dock.setVisible)
    window.search_lab_dock.visibilityChanged.connect(actions.search_lab.setChecked)
    session.engine_info.connect(window.search_lab.on_engine_info)
    window.search_lab.fen_source = lambda: window.controller.board_at_ply(window.navigator.view_ply()).fen()
    window.search_lab.run_requested.connect(window.lab.on_run_requested)
    window.search_lab.stop_requested.connect(window.lab.on_stop_requested)
    window.hints.arrow_ready.connect(window.board_widget.set_arrows)
    window.hints.status_message.connect(window.on_status_message)
    analysis_mode = window.analysis_mode
    actions.analyse.toggled.connect(analysis_mode.on_analyse_toggled)
    actions.analyse.toggled.connect(window.board_presenter.on_analyse_toggled)
    window.analysis.snapshot_changed.connect(analysis_mode.on_analysis_snapshot)
    window.analysis.failed.connect(analysis_mode.on_analysis_failed)
    analysis_view = window.engine_panel.analysis_view
    analysis_view.engine_chosen.connect(analysis_mode.on_analysis_engine_chosen)
    analysis_view.lines_chosen.connect(analysis_mode.on_analysis_lines_chosen)
    analysis_view.line_played.connect(analysis_mode.on_analysis_line_played)
    review = window.review
    actions.review_game.triggered.connect(review.on_review_triggered)
    actions.next_mistake.triggered.connect(review.on_next_mistake_triggered)
    review.graph.ply_selected.connect(navigator.go_to)
    review.panel.cancel_requested.connect(review.job.cancel)
    review.panel.next_error_requested.connect(review.on_next_error_requested)
    review.job.progress_changed.connect(review.panel.set_progress)
    review.job.running_changed.connect(review.on_running_changed)
    review.job.finished.connect(review.on_review_finished)
    review.job.failed.connect(review.on_review_failed)
    review.annotations_shown.connect(window.status.refresh_log)
    review.annotations_shown.connect(window.status.update_actions)
    review.status_message.connect(window.on_status_message)
    controller.annotations_changed.connect(review.on_annotations_changed)
    controller.game_started.connect(review.refresh)
    controller.game_over.connect(review.refresh)
    review.review_offered.connect(window.move_log.set_review_offered)
    window.move_log.review_requested.connect(review.on_review_triggered)
    controller.move_taken_back.connect(review.refresh)
    controller.move_made.connect(review.on_annotations_changed)
    navigator.view_changed.connect(review.on_view_changed)
    actions.quit.triggered.connect(window.close)
    actions.shortcuts.triggered.connect(window.commands.on_shortcuts_triggered)
    actions.about.triggered.connect(window.commands.on_about_triggered)
    # Keyboard play and screen-reader support.
    window.move_entry.move_entered.connect(window.board_presenter.on_move_requested)
    window.move_entry.message_shown.connect(lambda text: window.announcer.announce(text, always=True))
    window.board_widget.typing_started.connect(window.move_entry.focus_with)
    window.board_widget.announcement_requested.connect(lambda text: window.announcer.announce(text, always=True))
    actions.enter_move.triggered.connect(lambda: window.move_entry.focus_with())
    actions.speak_position.triggered.connect(window.access.on_speak_position_triggered)
    window.low_time.low_time.connect(window.access.on_low_time)
    if window.autosave is not None:
        window.autosave.save_failed.connect(window.on_status_message)
    window.resume.status_message.connect(window.on_status_message)
    window.commands.status_message.connect(window.on_status_message)
    actions.my_games.setEnabled(window.archive is not None)
    if (archive := window.archive) is not None:
        actions.my_games.triggered.connect(lambda: window.flows.open_my_games(archive.archive.path))
        archive.save_failed.connect(window.on_status_message)
    actions.my_rating.setEnabled(window.rating is not None)
    if window.rating is not None:
        actions.my_rating.triggered.connect(window.rating.on_my_rating_triggered)
        actions.hint.triggered.connect(window.rating.on_hint_triggered)
        actions.analyse.toggled.connect(window.rating.on_analyse_toggled)
        window.review.review_started.connect(window.rating.on_review_started)
        window.rating.status_message.connect(window.on_status_message)
        window.resume.game_resumed.connect(window.rating.keeper.on_game_resumed)
